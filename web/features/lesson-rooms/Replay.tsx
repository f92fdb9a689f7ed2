import clsx from 'clsx';
import { format } from 'date-fns';
import { Pause, Play, Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { decodeHistory, type HistoryEntry } from '../../../schema/contracts/doc-history';
import type { RecordingIndex } from '../../../schema/contracts/lesson-recordings';
import type { BookmarkView } from '../../../schema/contracts/lesson-sessions';
import { focusRing, iconButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { pageElements, pageIds } from './board/board-model';
import { boundsOf } from './board/bounds';
import { ElementView } from './board/element-view';
import { GraphSource } from './graph/graph-source';
import { PanelTabs } from './PanelTabs';
import NotesAt from './recording/NotesAt';
import { notesSearch } from './recording/notes-search';
import { recordingCalls } from './recording/recording-api';
import { chaptersOf, countAt, shareOf, timelineOf } from './recording/replay-timeline';
import { TrackPlayers } from './recording/TrackPlayers';
import { useReplayClock } from './recording/use-replay-clock';
import { elapsed, spokenElapsed } from './replay-time';

interface ReplayData {
  board: HistoryEntry[];
  notes: HistoryEntry[] | null;
  recordings: RecordingIndex | null;
  bookmarks: BookmarkView[] | null;
}

/** The board's history must load; the notes, the recording and the bookmarks each add to the replay when they do. */
async function loadReplay(sectionId: string): Promise<ReplayData> {
  const optional = <T,>(promise: Promise<T>) => promise.catch(() => null);
  const [board, notes, recordings, bookmarks] = await Promise.all([
    recordingCalls.history(sectionId, 'board').then(decodeHistory),
    optional(recordingCalls.history(sectionId, 'notes').then(decodeHistory)),
    optional(recordingCalls.index(sectionId)),
    optional(recordingCalls.bookmarks(sectionId).then((page) => page.docs)),
  ]);
  return { board, notes, recordings, bookmarks };
}

/** A document as it was after its first `count` updates: rebuilt from the log, which is only kilobytes. */
function docAt(entries: HistoryEntry[], count: number) {
  const doc = new Y.Doc();
  Y.transact(doc, () => {
    for (const entry of entries.slice(0, count)) Y.applyUpdate(doc, entry.data);
  });
  return doc;
}

/** Each track's file, fetched with the token and played from memory. */
function useTrackUrls(sectionId: string, recordings: RecordingIndex | null) {
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!recordings) return;
    const made: string[] = [];
    let live = true;
    for (const track of recordings.tracks) {
      recordingCalls.track(sectionId, track._id).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          made.push(url);
          if (live) setUrls((known) => ({ ...known, [track._id]: url }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [sectionId, recordings]);
  return urls;
}

const names = (list: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(list);

type SidePanel = 'notes' | 'chapters' | 'search';

/** The lesson played back on one timeline: the board, the notes and the recorded audio, with bookmarks as chapters. */
export default function Replay({ sectionId, onClose }: { sectionId: string; onClose: () => void }) {
  const [data, setData] = useState<ReplayData | null>(null);
  const [failed, setFailed] = useState(false);
  const [durations, setDurations] = useState<Record<string, number>>({});

  useEffect(() => {
    loadReplay(sectionId).then(setData, () => setFailed(true));
  }, [sectionId]);

  return (
    // On a phone the board and the notes stack and the room scrolls; from 1024 px the replay fits the window.
    <section aria-label="Lesson replay" className="flex min-h-0 flex-1 flex-col gap-2 max-lg:flex-none">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Replay of the lesson</h2>
        <button type="button" className={iconButton} aria-label="Close the replay" onClick={onClose}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {failed && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          The replay could not be loaded. Please try again.
        </p>
      )}
      {!data && !failed && (
        <div className="flex flex-1 items-center justify-center" role="status" aria-label="Loading the replay">
          <Spinner className="size-8" />
        </div>
      )}
      {data && data.board.length === 0 && !data.notes?.length && !data.recordings?.tracks.length && (
        <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          Nothing to replay yet. The lesson&rsquo;s history is kept once everyone has left the lesson.
        </p>
      )}
      {data && (data.board.length > 0 || !!data.notes?.length || !!data.recordings?.tracks.length) && (
        <Player sectionId={sectionId} data={data} durations={durations} onDuration={(id, s) => setDurations((known) => ({ ...known, [id]: s }))} />
      )}
    </section>
  );
}

function Player({
  sectionId,
  data,
  durations,
  onDuration,
}: {
  sectionId: string;
  data: ReplayData;
  durations: Record<string, number>;
  onDuration: (trackId: string, seconds: number) => void;
}) {
  const notes = useMemo(() => data.notes ?? [], [data.notes]);
  const tracks = useMemo(() => data.recordings?.tracks ?? [], [data.recordings]);
  const timeline = useMemo(() => timelineOf(data.board, notes, tracks, durations), [data.board, notes, tracks, durations]);
  const clock = useReplayClock(timeline.length);
  const [page, setPage] = useState(0);
  const [panel, setPanel] = useState<SidePanel>('notes');
  const [query, setQuery] = useState('');
  const urls = useTrackUrls(sectionId, data.recordings);

  const boardCount = countAt(data.board, timeline, clock.time);
  const notesCount = countAt(notes, timeline, clock.time);
  const board = useMemo(() => docAt(data.board, boardCount), [data.board, boardCount]);
  const notesDoc = useMemo(() => docAt(notes, notesCount), [notes, notesCount]);
  const search = useMemo(() => notesSearch(notes), [notes]);
  const matches = useMemo(() => search.search(query), [search, query]);
  const chapters = useMemo(() => chaptersOf(data.bookmarks ?? [], timeline), [data.bookmarks, timeline]);

  const pages = pageIds(board);
  // Scrubbing back to before a page existed shows the last page there was, under its own number.
  const shownPage = Math.max(0, Math.min(page, pages.length - 1));
  const pageId = pages[shownPage];
  const elements = pageId ? pageElements(board, pageId).toArray() : [];
  const box = boundsOf(elements);
  const arrowColors = [...new Set(elements.filter((e) => e.type === 'arrow').map((e) => e.color))];
  const seconds = Math.round(clock.time / 1000);
  const lengthSeconds = Math.ceil(timeline.length / 1000);
  const agreed = [...new Set((data.recordings?.consents ?? []).filter((c) => c.decision === 'agreed').map((c) => c.name))];

  const jump = (time: number, toPage?: string) => {
    clock.seek(time);
    if (toPage) {
      const index = pageIds(docAt(data.board, countAt(data.board, timeline, time))).indexOf(toPage);
      if (index >= 0) setPage(index);
    }
  };

  return (
    <>
      <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="replay-audio">
        {tracks.length === 0
          ? 'No audio was recorded in this lesson.'
          : `Audio recorded from ${names([...new Set(tracks.map((t) => t.name))])}, with the agreement of ${names(agreed)}.`}
        {data.notes === null && ' The notes’ history could not be loaded.'}
      </p>
      <TrackPlayers tracks={tracks} urls={urls} timeline={timeline} time={clock.time} playing={clock.playing} speed={clock.speed} onDuration={onDuration} />
      <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
        <div className="relative min-h-56 flex-1 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:ring-slate-700">
          <svg
            role="img"
            aria-label={`Board page ${shownPage + 1}, ${spokenElapsed(clock.time)} into the lesson`}
            viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
            className="absolute inset-0 size-full"
          >
            <defs>
              {arrowColors.map((c) => (
                <marker key={c} id={`arrow-${c.slice(1)}`} viewBox="0 0 10 10" refX={8} refY={5} markerWidth={6} markerHeight={6} orient="auto-start-reverse">
                  <path d="M0,0 L10,5 L0,10 z" fill={c} />
                </marker>
              ))}
            </defs>
            <GraphSource.Provider value={board}>
              {elements.map((element) => (
                <ElementView key={element.id} element={element} sectionId={sectionId} />
              ))}
            </GraphSource.Provider>
          </svg>
        </div>
        <div className="flex min-h-72 flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 lg:w-[380px] lg:shrink-0 dark:bg-slate-900 dark:ring-slate-700">
          <PanelTabs
            label="Replay panels"
            className="border-b border-slate-200 p-1 dark:border-slate-700"
            small
            value={panel}
            onChange={setPanel}
            tabs={[
              ['notes', 'Notes'],
              ['chapters', `Chapters${chapters.length ? ` (${chapters.length})` : ''}`],
              ['search', 'Search the notes'],
            ]}
          />
          <div
            role="tabpanel"
            aria-label={panel === 'notes' ? 'Notes' : panel === 'chapters' ? 'Chapters' : 'Search the notes'}
            className="min-h-0 flex-1 overflow-y-auto"
          >
            {panel === 'notes' && <NotesAt doc={notesDoc} label={`Lesson notes, ${spokenElapsed(clock.time)} into the lesson`} />}
            {panel === 'chapters' && (
              <ol className="flex flex-col p-2 text-sm">
                {data.bookmarks === null && <li className="px-2 py-1">The bookmarks could not be loaded.</li>}
                {data.bookmarks?.length === 0 && <li className="px-2 py-1 text-slate-600 dark:text-slate-300">No pages were bookmarked in this lesson.</li>}
                {chapters.map((chapter, index) => (
                  <li key={chapter.id}>
                    <button
                      type="button"
                      onClick={() => jump(chapter.time, chapter.pageId)}
                      className={clsx(
                        'flex w-full items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800',
                        focusRing,
                      )}
                    >
                      <span>
                        {index + 1}. {chapter.label}
                      </span>{' '}
                      <span className="text-xs text-slate-600 tabular-nums dark:text-slate-300">{elapsed(chapter.time)}</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {panel === 'search' && (
              <div className="flex flex-col gap-2 p-2 text-sm">
                <label className="flex items-center gap-2 rounded-lg border border-slate-300 px-2 py-1.5 dark:border-slate-600">
                  <Search className="size-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="sr-only">Search the notes</span>
                  <input
                    type="search"
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                    placeholder="A word from the notes"
                    className="min-w-0 flex-1 bg-transparent outline-none"
                  />
                </label>
                {query.trim() && matches.length === 0 && (
                  <p className="text-slate-600 dark:text-slate-300">The notes do not contain &ldquo;{query.trim()}&rdquo;.</p>
                )}
                <ul className="flex flex-col" aria-label="Where the notes say it">
                  {matches.map((match) => (
                    <li key={`${match.at}-${match.before}`}>
                      <button
                        type="button"
                        onClick={() => {
                          jump(match.at - timeline.start);
                          setPanel('notes');
                        }}
                        className={clsx('flex w-full flex-col rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800', focusRing)}
                      >
                        <span>
                          …{match.before}
                          <mark className="rounded bg-amber-200 px-0.5 text-slate-900">{match.match}</mark>
                          {match.after}…
                        </span>
                        <span className="text-xs text-slate-600 dark:text-slate-300">Written at {elapsed(match.at - timeline.start)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
      </div>
      {/* Room on the right for the support button, which floats there from 1024 px. */}
      <div className="flex flex-wrap items-center gap-2 lg:pr-24">
        <button type="button" className={iconButton} aria-label={clock.playing ? 'Pause' : 'Play'} onClick={clock.toggle}>
          {clock.playing ? <Pause className="size-5" aria-hidden /> : <Play className="size-5" aria-hidden />}
        </button>
        <div className="flex min-w-48 flex-1 items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          <div className="relative flex flex-1 items-center">
            <input
              type="range"
              aria-label="Time in the lesson"
              min={0}
              max={lengthSeconds}
              value={seconds}
              aria-valuetext={`${spokenElapsed(clock.time)} of ${spokenElapsed(timeline.length)}`}
              onChange={(event) => clock.seek(Number(event.target.value) * 1000)}
              className="w-full accent-brand"
            />
            {chapters.map((chapter) => (
              <span
                key={chapter.id}
                aria-hidden
                data-testid="chapter-mark"
                title={chapter.label}
                className="pointer-events-none absolute top-0 h-1.5 w-0.5 -translate-x-1/2 rounded bg-slate-700 dark:bg-slate-200"
                style={{ left: `${shareOf(timeline, chapter.time) * 100}%` }}
              />
            ))}
          </div>
          <span className="tabular-nums" data-testid="replay-elapsed">
            {elapsed(clock.time)} / {elapsed(timeline.length)}
          </span>
        </div>
        <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
          Speed
          <select
            value={clock.speed}
            onChange={(event) => clock.setSpeed(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {[1, 2, 4].map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </label>
        <span className="flex flex-wrap gap-1">
          {pages.map((id, index) => (
            <button
              key={id}
              type="button"
              aria-pressed={index === shownPage}
              aria-label={`Page ${index + 1}`}
              onClick={() => setPage(index)}
              className={clsx(
                'size-7 rounded-md text-xs font-semibold ring-1',
                focusRing,
                index === shownPage ? 'ring-2 ring-brand' : 'ring-slate-300 dark:ring-slate-600',
              )}
            >
              {index + 1}
            </button>
          ))}
        </span>
      </div>
      {(data.recordings?.consents.length ?? 0) > 0 && (
        <details className="text-xs text-slate-600 dark:text-slate-300">
          <summary className={clsx('cursor-pointer', focusRing)}>Who agreed to the recording</summary>
          <ul className="mt-1 flex flex-col gap-0.5 pl-4">
            {data.recordings?.consents.map((consent) => (
              <li key={`${consent.userId}-${consent.at}-${consent.decision}`}>
                {consent.name} {consent.decision === 'agreed' ? 'agreed' : consent.decision === 'withdrawn' ? 'took back their agreement' : 'said no'} at{' '}
                {format(new Date(consent.at), 'HH:mm')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
