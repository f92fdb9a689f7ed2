import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeHistory, type HistoryEntry } from '../../schema/contracts/doc-history';
import type { RecordingIndex } from '../../schema/contracts/lesson-recordings';
import type { BookmarkView } from '../../schema/contracts/lesson-sessions';
import { addElement, addPage, type StrokeElement } from '../../web/features/lesson-rooms/board/board-model';
import Replay from '../../web/features/lesson-rooms/Replay';
import { NOTES_FIELD } from '../../web/features/lesson-rooms/recording/notes-search';
import { json, mockApi } from './fetch-mock';

afterEach(cleanup);

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const stroke = (id: string, x: number): StrokeElement => ({ id, type: 'pen', color: '#111827', by: 'u1', size: 4, points: [x, 10, 0.5, x + 50, 60, 0.5] });

/** A document changed live: each change is one stored update, `every` ms after the one before, like the room's log. */
function logged(change: (doc: Y.Doc) => void, every = 60_000, from = START) {
  const doc = new Y.Doc();
  const entries: HistoryEntry[] = [];
  doc.on('update', (data: Uint8Array) => entries.push({ seq: entries.length + 1, at: from + entries.length * every, user: 'u1', data }));
  change(doc);
  return entries;
}

/** Two strokes on page 1 (0:00, 1:00), page 2 added (2:00) with a stroke (3:00). */
const drawnLesson = () =>
  logged((doc) => {
    addElement(doc, 'p1', stroke('a', 10), null);
    addElement(doc, 'p1', stroke('b', 100), null);
    const second = addPage(doc, null, 'p2');
    addElement(doc, second, stroke('c', 10), null);
  });

/** Notes typed at 0:30 and 2:30, as Tiptap stores them. */
const typedNotes = () =>
  logged(
    (doc) => {
      const paragraph = (text: string) => {
        const p = new Y.XmlElement('paragraph');
        const t = new Y.XmlText();
        t.insert(0, text);
        p.insert(0, [t]);
        return p;
      };
      doc.getXmlFragment(NOTES_FIELD).push([paragraph('Factorise first')]);
      doc.getXmlFragment(NOTES_FIELD).push([paragraph('The discriminant decides the roots')]);
    },
    120_000,
    START + 30_000,
  );

const bookmark = (id: string, seconds: number, pageNo: number, subTopicName: string | null = null): BookmarkView => ({
  _id: id,
  sectionId: 's1',
  tutorId: 't1',
  studentId: 'u2',
  subject: 'Maths',
  subTopicId: null,
  subTopicName,
  pageNo,
  pageId: `p${pageNo}`,
  createdAt: new Date(START + seconds * 1000).toISOString(),
});

const history = (entries: HistoryEntry[]) => () => new Response(new Uint8Array(encodeHistory(entries)).buffer);

function serve(board: HistoryEntry[], extra: { notes?: HistoryEntry[]; bookmarks?: BookmarkView[]; recordings?: RecordingIndex } = {}) {
  mockApi({
    'GET /api/lesson-rooms/s1/history/board': history(board),
    ...(extra.notes ? { 'GET /api/lesson-rooms/s1/history/notes': history(extra.notes) } : {}),
    ...(extra.bookmarks ? { 'GET /api/bookmarks': () => json({ docs: extra.bookmarks, totalDocs: extra.bookmarks!.length, limit: 100, offset: 0 }) } : {}),
    ...(extra.recordings
      ? {
          'GET /api/lesson-rooms/s1/recordings': () => json(extra.recordings),
          'GET /api/lesson-rooms/s1/recordings/tracks/aaaa': () =>
            new Response(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), { headers: { 'content-type': 'audio/webm' } }),
        }
      : {}),
  });
}

async function open() {
  render(<Replay sectionId="s1" onClose={() => {}} />);
  return screen.findByRole('slider', { name: 'Time in the lesson' });
}

const elapsedShown = () => screen.getByTestId('replay-elapsed').textContent;
const board = () => screen.getByRole('img');
const moveTo = (slider: HTMLElement, seconds: number) => fireEvent.change(slider, { target: { value: String(seconds) } });

describe('the board replay', () => {
  it('shows page 1 with its strokes at every time after they were drawn', async () => {
    serve(drawnLesson());
    const slider = await open();
    const strokesAt = (seconds: number) => {
      moveTo(slider, seconds);
      return board().querySelectorAll('[data-element="pen"]').length;
    };
    expect([0, 30, 60, 120, 180].map(strokesAt)).toEqual([1, 1, 2, 2, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(board()).toHaveAccessibleName(/^Board page 2/);
    expect(board().querySelectorAll('[data-element="pen"]')).toHaveLength(1);
  });

  it('shows the time since the lesson began, in order, never the clock time', async () => {
    serve(drawnLesson());
    const slider = await open();
    const shown = [0, 60, 120, 180].map((seconds) => {
      moveTo(slider, seconds);
      return elapsedShown();
    });
    expect(shown).toEqual(['0:00 / 3:00', '1:00 / 3:00', '2:00 / 3:00', '3:00 / 3:00']);
    expect(slider).toHaveAttribute('aria-valuetext', '3 minutes of 3 minutes');
    expect(board()).toHaveAccessibleName('Board page 1, 3 minutes into the lesson');
    expect(document.body.textContent).not.toMatch(/9:0\d|AM|PM/);
  });

  it('shows the last page there was when the page picked did not exist yet', async () => {
    serve(drawnLesson());
    const slider = await open();
    moveTo(slider, 180);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    moveTo(slider, 60);
    expect(board()).toHaveAccessibleName(/^Board page 1,/);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens on the lesson as it was left, and Play starts it again from the beginning', async () => {
    serve(drawnLesson());
    const slider = await open();
    expect(slider).toHaveValue('180');
    expect(board().querySelectorAll('[data-element="pen"]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(slider).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('shows long lessons with hours', async () => {
    serve(drawnLesson().map((e, i) => ({ ...e, at: START + i * 1_241_000 })));
    await open();
    expect(elapsedShown()).toBe('1:02:03 / 1:02:03');
  });
});

describe('the notes, chapters and audio on the same timeline', () => {
  it('finds a word in the notes and jumps to when it was written, showing the notes as they were then', async () => {
    serve(drawnLesson(), { notes: typedNotes() });
    const slider = await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Search the notes' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the notes' }), { target: { value: 'discriminant' } });
    const result = within(screen.getByRole('list', { name: 'Where the notes say it' })).getByRole('button');
    expect(result).toHaveTextContent('…The discriminant decides the roots…Written at 2:30');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the notes' }), { target: { value: 'integral' } });
    expect(screen.getByText('The notes do not contain “integral”.')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the notes' }), { target: { value: 'discriminant' } });
    fireEvent.click(within(screen.getByRole('list', { name: 'Where the notes say it' })).getByRole('button'));
    expect(slider).toHaveValue('150');
    expect(elapsedShown()).toBe('2:30 / 3:00');
    const notes = await screen.findByRole('textbox', { name: 'Lesson notes, 2 minutes 30 seconds into the lesson' });
    expect(notes).toHaveTextContent('The discriminant decides the roots');
    moveTo(slider, 60);
    expect(await screen.findByRole('textbox', { name: /1 minute into the lesson/ })).not.toHaveTextContent('discriminant');
  });

  it('lists bookmarks as chapters in the order made, marks them on the timeline, and jumps to their time and page', async () => {
    serve(drawnLesson(), { bookmarks: [bookmark('b2', 170, 2, 'Quadratics'), bookmark('b1', 45, 1)] });
    const slider = await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Chapters (2)' }));
    const chapters = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(chapters.map((c) => c.textContent)).toEqual(['1. Page 1 0:45', '2. Page 2 · Quadratics 2:50']);
    expect(screen.getAllByTestId('chapter-mark').map((mark) => mark.style.left)).toEqual(['25%', `${(170 / 180) * 100}%`]);
    fireEvent.click(chapters[1]!);
    expect(slider).toHaveValue('170');
    expect(board()).toHaveAccessibleName(/^Board page 2,/);
  });

  it('plays each recorded track and says whose voices they are and who agreed', async () => {
    const recordings: RecordingIndex = {
      tracks: [{ _id: 'aaaa', userId: 't1', name: 'Theo Tutor', type: 'audio/webm', startedAt: START + 20_000, endsAt: START + 200_000, chunks: 60, bytes: 4 }],
      consents: [
        { userId: 't1', name: 'Theo Tutor', decision: 'agreed', at: START + 10_000 },
        { userId: 'u2', name: 'Sam Student', decision: 'agreed', at: START + 15_000 },
      ],
    };
    serve(drawnLesson(), { recordings });
    await open();
    expect(screen.getByTestId('replay-audio')).toHaveTextContent('Audio recorded from Theo Tutor, with the agreement of Theo Tutor and Sam Student.');
    // The timeline runs to the end of the track, past the board's last change.
    expect(elapsedShown()).toBe('3:20 / 3:20');
    const player = await screen.findByLabelText("Theo Tutor's microphone");
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toMatch(/^blob:/);
  });

  it('says so when nothing was recorded yet', async () => {
    serve([]);
    render(<Replay sectionId="s1" onClose={() => {}} />);
    expect(await screen.findByText(/Nothing to replay yet/)).toBeInTheDocument();
  });
});
