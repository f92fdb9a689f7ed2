import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { dropRoomSnapshotOffPath, type RoomSnapshot, useRoomSnapshot } from '../../web/features/lesson-rooms/room-snapshot';
import { ROOM_SNAPSHOT_KEY } from '../../web/lib/session-storage';

const PATH = '/learning-portal/lesson-room/section_1';

function Room({ live, board, notes }: { live: boolean; board: Y.Doc; notes: Y.Doc }) {
  useRoomSnapshot(live, board, notes);
  return (
    <div>
      <h1 id="room-title">Quadratics</h1>
      <span data-testid="connection-state" data-snapshot-omit="">
        Live
      </span>
      <svg data-testid="whiteboard" aria-label="Board">
        <pattern id="board-dots" />
        <path data-element="pen" d="M0 0L10 10" />
      </svg>
      <div className="ProseMirror" contentEditable suppressContentEditableWarning>
        Kept notes
      </div>
      <span className="katex">
        <span className="katex-mathml">x squared</span>
        <span className="katex-html">x²</span>
      </span>
    </div>
  );
}

const kept = () => JSON.parse(localStorage.getItem(ROOM_SNAPSHOT_KEY) ?? 'null') as RoomSnapshot | null;

function showRoom(live: boolean, docs = { board: new Y.Doc(), notes: new Y.Doc() }) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  return { ...render(<Room live={live} {...docs} />, { container: root }), ...docs };
}

function putUpCover(path = PATH) {
  const cover = document.createElement('div');
  cover.id = 'room-snapshot';
  cover.dataset.path = path;
  document.body.appendChild(cover);
}

describe('the lesson room picture for a reload', () => {
  beforeEach(() => {
    history.replaceState(null, '', PATH);
    localStorage.setItem('studyhall.actingUserId', 'user_sam');
  });
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it("is taken when the page is left, without ids (but the board's), test ids, the editable flag or the connection state", () => {
    showRoom(true);
    window.dispatchEvent(new Event('pagehide'));
    const snapshot = kept()!;
    expect(snapshot).toMatchObject({ path: PATH, user: 'user_sam', width: window.innerWidth });
    expect(localStorage.getItem(ROOM_SNAPSHOT_KEY)!.startsWith(`{"path":${JSON.stringify(PATH)},`)).toBe(true);
    expect(snapshot.html).toContain('Quadratics');
    expect(snapshot.html).toContain('data-element="pen"');
    expect(snapshot.html).toContain('Kept notes');
    expect(snapshot.html).not.toMatch(/ id="room-title"|data-testid|contenteditable|"ProseMirror"/);
    expect(snapshot.html).toContain('id="board-dots"');
    expect(snapshot.html).toMatch(/<span [^>]*style="visibility: hidden;"[^>]*>\s*Live/);
    expect(snapshot.html).toContain('class="ProseMirror-picture"');
    expect(snapshot.html).toContain('katex-html');
    expect(snapshot.html).not.toContain('katex-mathml');
  });

  it('is not taken before the board and notes are on screen', () => {
    showRoom(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
  });

  it('goes when the live room is drawn, and not before, and the live page shows', () => {
    putUpCover();
    const { rerender, board, notes } = showRoom(false);
    const root = document.getElementById('root')!;
    root.style.visibility = 'hidden';
    expect(document.getElementById('room-snapshot')).not.toBeNull();
    rerender(<Room live board={board} notes={notes} />);
    expect(document.getElementById('room-snapshot')).toBeNull();
    expect(root.style.visibility).toBe('');
  });

  it('is not taken again on leaving when nothing changed since the picture this reload showed', () => {
    localStorage.setItem(ROOM_SNAPSHOT_KEY, JSON.stringify({ path: PATH, user: 'user_sam', width: window.innerWidth, vars: {}, html: 'before' }));
    putUpCover();
    const { board } = showRoom(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()!.html).toBe('before');
    board.getMap('elements').set('stroke', 1);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()!.html).toContain('Kept notes');
  });

  it('is taken again when this load showed none (another build, or none was kept)', () => {
    localStorage.setItem(ROOM_SNAPSHOT_KEY, JSON.stringify({ path: PATH, user: 'user_sam', width: window.innerWidth, vars: {}, html: 'before' }));
    showRoom(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()!.html).toContain('Kept notes');
  });

  it('is forgotten when the room closes with a change it does not show', () => {
    localStorage.setItem(ROOM_SNAPSHOT_KEY, JSON.stringify({ path: PATH, user: 'user_sam', width: window.innerWidth, vars: {}, html: 'before' }));
    putUpCover();
    const { notes, unmount } = showRoom(true);
    notes.getText('t').insert(0, 'new line');
    unmount();
    expect(kept()).toBeNull();
  });

  it('does not cover another page the app went to first', () => {
    putUpCover('/learning-portal/lesson-room/other');
    dropRoomSnapshotOffPath();
    expect(document.getElementById('room-snapshot')).toBeNull();
    putUpCover(PATH);
    dropRoomSnapshotOffPath();
    expect(document.getElementById('room-snapshot')).not.toBeNull();
  });
});
