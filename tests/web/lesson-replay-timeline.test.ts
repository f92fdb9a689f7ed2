import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HistoryEntry } from '../../schema/contracts/doc-history';
import type { RecordingTrack } from '../../schema/contracts/lesson-recordings';
import { NOTES_FIELD, notesSearch } from '../../web/features/lesson-rooms/recording/notes-search';
import { chaptersOf, countAt, shareOf, timelineOf, trackPosition } from '../../web/features/lesson-rooms/recording/replay-timeline';

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const entry = (seconds: number): HistoryEntry => ({ seq: seconds, at: START + seconds * 1000, user: 'u1', data: new Uint8Array() });
const track = (id: string, from: number, to: number): RecordingTrack => ({
  _id: id,
  userId: 'u1',
  name: 'Theo',
  type: 'audio/webm',
  startedAt: START + from * 1000,
  endsAt: START + to * 1000,
  chunks: 3,
  bytes: 900,
});

describe('the replay timeline', () => {
  it('starts at the first thing recorded and ends at the last, board, notes and audio alike', () => {
    const board = [entry(10), entry(40)];
    const notes = [entry(20), entry(50)];
    expect(timelineOf(board, notes, [track('a', 5, 30)])).toEqual({ start: START + 5000, length: 45_000 });
    // A track that turns out longer than its chunks' arrival says, once the player knows its duration.
    expect(timelineOf(board, notes, [track('a', 5, 30)], { a: 60 })).toEqual({ start: START + 5000, length: 60_000 });
    expect(timelineOf([], [], [])).toEqual({ start: 0, length: 0 });
  });

  it('applies the entries made up to a time, each exactly from its own moment', () => {
    const board = [entry(0), entry(60), entry(60), entry(180)];
    const timeline = timelineOf(board, [], []);
    expect([0, 59_999, 60_000, 179_000, 180_000].map((t) => countAt(board, timeline, t))).toEqual([1, 1, 3, 3, 4]);
  });

  it('places each track on the timeline: its player’s position in seconds, or nothing outside it', () => {
    const timeline = { start: START, length: 100_000 };
    const t = track('a', 10, 40);
    expect([0, 9_999, 10_000, 25_500, 39_999, 40_000].map((time) => trackPosition(t, timeline, time))).toEqual([null, null, 0, 15.5, 29.999, null]);
    expect(trackPosition(t, timeline, 45_000, 40)).toBe(35);
  });

  it('makes bookmarks chapters in the order made, kept inside the timeline, with their share of it for the marks', () => {
    const timeline = { start: START, length: 120_000 };
    const bookmark = (id: string, seconds: number, pageNo: number, subTopicName: string | null = null) => ({
      _id: id,
      createdAt: new Date(START + seconds * 1000).toISOString(),
      pageNo,
      pageId: `p${pageNo}`,
      subTopicName,
    });
    const chapters = chaptersOf([bookmark('b', 90, 2, 'Quadratics'), bookmark('a', 30, 1), bookmark('c', 500, 3)], timeline);
    expect(chapters.map((c) => [c.id, c.time, c.label])).toEqual([
      ['a', 30_000, 'Page 1'],
      ['b', 90_000, 'Page 2 · Quadratics'],
      ['c', 120_000, 'Page 3'],
    ]);
    expect(chapters.map((c) => shareOf(timeline, c.time))).toEqual([0.25, 0.75, 1]);
  });
});

/** Notes typed as Tiptap stores them (paragraph elements holding text), one stored update per change, a minute apart. */
function typedNotes() {
  const doc = new Y.Doc();
  const entries: HistoryEntry[] = [];
  doc.on('update', (data: Uint8Array) => entries.push({ seq: entries.length + 1, at: START + entries.length * 60_000, user: 'u1', data }));
  const notes = doc.getXmlFragment(NOTES_FIELD);
  const paragraph = (text: string) => {
    const p = new Y.XmlElement('paragraph');
    const t = new Y.XmlText();
    t.insert(0, text);
    p.insert(0, [t]);
    return { p, t };
  };
  const first = paragraph('Factorise the quadratic');
  notes.push([first.p]); // 0:00
  first.t.insert(first.t.length, ' by completing the square'); // 1:00
  notes.push([paragraph('Discriminant tells the roots').p]); // 2:00
  first.t.delete(0, 'Factorise '.length); // 3:00
  notes.push([paragraph('Another quadratic example').p]); // 4:00
  return entries;
}

describe('the search over the notes’ history', () => {
  it('finds each match in the notes as they ended, with the time its text was written', () => {
    const search = notesSearch(typedNotes());
    expect(search.text).toBe('the quadratic by completing the square\nDiscriminant tells the roots\nAnother quadratic example');
    expect(search.search('QUADRATIC').map((m) => [m.at - START, m.before, m.match, m.after])).toEqual([
      [0, 'the ', 'quadratic', ' by completing the square'],
      [240_000, 'Another ', 'quadratic', ' example'],
    ]);
    expect(search.search('square').map((m) => m.at - START)).toEqual([60_000]);
  });

  it('dates a match typed across two changes by its last character, and never matches across paragraphs', () => {
    const search = notesSearch(typedNotes());
    expect(search.search('quadratic by').map((m) => m.at - START)).toEqual([60_000]);
    expect(search.search('square discriminant')).toEqual([]);
    expect(search.search('Factorise')).toEqual([]);
    expect(search.search('  ')).toEqual([]);
  });
});
