import type { HistoryEntry } from '../../../../schema/contracts/doc-history';
import type { RecordingTrack } from '../../../../schema/contracts/lesson-recordings';

/**
 * The replay's one timeline for the board, the notes and the audio. Times on it are milliseconds since the first
 * thing recorded (a change to the board or the notes, or a track starting), all on the server's clock.
 */
export interface Timeline {
  /** epoch ms of 0:00 */
  start: number;
  /** ms from 0:00 to the last thing recorded */
  length: number;
}

/** A track's end: what the player found it lasts once loaded, else when its last chunk arrived. */
export const trackEnd = (track: RecordingTrack, seconds?: number) => (seconds && Number.isFinite(seconds) ? track.startedAt + seconds * 1000 : track.endsAt);

export function timelineOf(board: HistoryEntry[], notes: HistoryEntry[], tracks: RecordingTrack[], durations: Record<string, number> = {}): Timeline {
  const starts = [board[0]?.at, notes[0]?.at, ...tracks.map((t) => t.startedAt)].filter((at): at is number => at !== undefined);
  const ends = [board.at(-1)?.at, notes.at(-1)?.at, ...tracks.map((t) => trackEnd(t, durations[t._id]))].filter((at): at is number => at !== undefined);
  if (starts.length === 0) return { start: 0, length: 0 };
  const start = Math.min(...starts);
  return { start, length: Math.max(0, Math.max(...ends) - start) };
}

/** How many entries had been made by `time` on the timeline: the document as it was then is those applied. */
export function countAt(entries: HistoryEntry[], timeline: Timeline, time: number) {
  const until = timeline.start + time;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.at <= until) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where a track's player should be at `time` (seconds into its file), or null when the track is not playing then. */
export function trackPosition(track: RecordingTrack, timeline: Timeline, time: number, seconds?: number) {
  const into = timeline.start + time - track.startedAt;
  if (into < 0 || track.startedAt + into >= trackEnd(track, seconds)) return null;
  return into / 1000;
}

/** A point on the timeline as a share of its length, for marks drawn over the slider. */
export const shareOf = (timeline: Timeline, time: number) => (timeline.length > 0 ? Math.min(1, Math.max(0, time / timeline.length)) : 0);

export interface Chapter {
  id: string;
  /** on the timeline, clamped into it */
  time: number;
  label: string;
  pageId: string;
  pageNo: number;
}

/** Bookmarks as chapters: in the order they were made, each where it was made on the timeline. */
export function chaptersOf(
  bookmarks: { _id: string; createdAt: string; pageNo: number; pageId: string; subTopicName: string | null }[],
  timeline: Timeline,
): Chapter[] {
  return bookmarks
    .map((b) => ({
      id: b._id,
      time: Math.min(timeline.length, Math.max(0, Date.parse(b.createdAt) - timeline.start)),
      label: `Page ${b.pageNo}${b.subTopicName ? ` · ${b.subTopicName}` : ''}`,
      pageId: b.pageId,
      pageNo: b.pageNo,
    }))
    .sort((a, b) => a.time - b.time);
}
