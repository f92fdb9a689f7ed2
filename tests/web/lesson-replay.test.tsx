import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';
import { addElement, addPage, type StrokeElement } from '../../web/features/lesson-rooms/board/board-model';
import Replay from '../../web/features/lesson-rooms/Replay';
import { mockApi } from './fetch-mock';

afterEach(cleanup);

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const stroke = (id: string, x: number): StrokeElement => ({ id, type: 'pen', color: '#111827', by: 'u1', size: 4, points: [x, 10, 0.5, x + 50, 60, 0.5] });

/** A lesson drawn live: each change is one stored update at a known time, like the room's log. */
function drawnLesson() {
  const doc = new Y.Doc();
  const entries: HistoryEntry[] = [];
  doc.on('update', (data: Uint8Array) => entries.push({ seq: entries.length + 1, at: START + entries.length * 60_000, user: 'u1', data }));
  addElement(doc, 'p1', stroke('a', 10), null);
  addElement(doc, 'p1', stroke('b', 100), null);
  const second = addPage(doc, null, 'p2');
  addElement(doc, second, stroke('c', 10), null);
  return entries;
}

function serve(entries: HistoryEntry[]) {
  mockApi({ 'GET /api/lesson-rooms/s1/history/board': () => new Response(new Uint8Array(encodeHistory(entries)).buffer) });
}

async function open() {
  render(<Replay sectionId="s1" onClose={() => {}} />);
  return screen.findByRole('slider');
}

const elapsedShown = () => screen.getByText(/ \/ /).textContent;

describe('the board replay', () => {
  it('shows page 1 with its strokes at every step after they were drawn', async () => {
    serve(drawnLesson());
    const slider = await open();
    const board = () => screen.getByRole('img');
    const strokesAt = (step: number) => {
      fireEvent.change(slider, { target: { value: String(step) } });
      return board().querySelectorAll('[data-element="pen"]').length;
    };
    expect([0, 1, 2, 3, 4].map(strokesAt)).toEqual([0, 1, 2, 2, 2]);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(board()).toHaveAccessibleName(/^Board page 2/);
    expect(board().querySelectorAll('[data-element="pen"]')).toHaveLength(1);
  });

  it('shows the time since the lesson began, in order, never the clock time', async () => {
    serve(drawnLesson());
    const slider = await open();
    const shown = [0, 1, 2, 3, 4].map((step) => {
      fireEvent.change(slider, { target: { value: String(step) } });
      return elapsedShown();
    });
    expect(shown).toEqual(['0:00 / 3:00', '0:00 / 3:00', '1:00 / 3:00', '2:00 / 3:00', '3:00 / 3:00']);
    expect(slider).toHaveAccessibleName('Time in the lesson');
    expect(slider).toHaveAttribute('aria-valuetext', '3 minutes of 3 minutes');
    expect(screen.getByRole('img')).toHaveAccessibleName('Board page 1, 3 minutes into the lesson');
    expect(document.body.textContent).not.toMatch(/9:0\d|AM|PM/);
  });

  it('says when a page did not exist yet at that step, instead of showing another page as it', async () => {
    serve(drawnLesson());
    const slider = await open();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.change(slider, { target: { value: '2' } });
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Board page 1,/);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows long lessons with hours', async () => {
    const entries = drawnLesson().map((e, i) => ({ ...e, at: START + i * 1_241_000 }));
    serve(entries);
    await open();
    expect(elapsedShown()).toBe('1:02:03 / 1:02:03');
  });
});
