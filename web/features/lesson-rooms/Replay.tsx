import clsx from 'clsx';
import { Pause, Play, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { decodeHistory, type HistoryEntry } from '../../../schema/contracts/doc-history';
import { storedToken } from '../../lib/session-storage';
import { focusRing, iconButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { pageElements, pageIds } from './board/board-model';
import { boundsOf } from './board/bounds';
import { ElementView } from './board/element-view';
import { GraphSource } from './graph/graph-source';
import { elapsed, spokenElapsed } from './replay-time';

async function loadHistory(sectionId: string): Promise<HistoryEntry[]> {
  const res = await fetch(`/api/lesson-rooms/${encodeURIComponent(sectionId)}/history/board`, { headers: { authorization: `Bearer ${storedToken() ?? ''}` } });
  if (!res.ok) throw new Error(`History ${res.status}`);
  return decodeHistory(new Uint8Array(await res.arrayBuffer()));
}

/** The board as it was after the first `count` updates: rebuilt from the log, which is only kilobytes. */
function boardAt(entries: HistoryEntry[], count: number) {
  const doc = new Y.Doc();
  Y.transact(doc, () => {
    for (const entry of entries.slice(0, count)) Y.applyUpdate(doc, entry.data);
  });
  return doc;
}

/** Scrubs through the lesson's board as it was drawn, page by page. */
export default function Replay({ sectionId, onClose }: { sectionId: string; onClose: () => void }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [page, setPage] = useState(0);

  useEffect(() => {
    loadHistory(sectionId).then(
      (loaded) => {
        setEntries(loaded);
        setPosition(loaded.length);
      },
      () => setFailed(true),
    );
  }, [sectionId]);

  useEffect(() => {
    if (!playing || !entries) return;
    if (position >= entries.length) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setPosition((p) => p + 1), 120);
    return () => clearTimeout(timer);
  }, [playing, position, entries]);

  const togglePlay = () => {
    if (entries && position >= entries.length) setPosition(0);
    setPlaying(!playing || (entries !== null && position >= entries.length));
  };

  const doc = useMemo(() => (entries ? boardAt(entries, position) : null), [entries, position]);
  const pages = doc ? pageIds(doc) : [];
  // Scrubbing back to before a page existed shows the last page there was, and says so.
  const shownPage = Math.max(0, Math.min(page, pages.length - 1));
  const pageId = pages[shownPage];
  const elements = doc && pageId ? pageElements(doc, pageId).toArray() : [];
  const box = boundsOf(elements);
  const began = entries?.[0]?.at ?? 0;
  const sinceStart = entries && position > 0 ? entries[position - 1]!.at - began : 0;
  const length = entries?.length ? entries.at(-1)!.at - began : 0;
  const arrowColors = [...new Set(elements.filter((e) => e.type === 'arrow').map((e) => e.color))];

  return (
    <section aria-label="Lesson replay" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Replay of the board</h2>
        <button type="button" className={iconButton} aria-label="Close the replay" onClick={onClose}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {failed && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          The replay could not be loaded. Please try again.
        </p>
      )}
      {!entries && !failed && (
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-8" />
        </div>
      )}
      {entries && entries.length === 0 && (
        <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          Nothing to replay yet. The board&rsquo;s history is kept once everyone has left the lesson.
        </p>
      )}
      {entries && entries.length > 0 && (
        <>
          <div className="relative min-h-0 flex-1 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:ring-slate-700">
            <svg
              role="img"
              aria-label={`Board page ${shownPage + 1}, ${spokenElapsed(sinceStart)} into the lesson`}
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
              <GraphSource.Provider value={doc}>
                {elements.map((element) => (
                  <ElementView key={element.id} element={element} sectionId={sectionId} />
                ))}
              </GraphSource.Provider>
            </svg>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={iconButton} aria-label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
              {playing ? <Pause className="size-5" aria-hidden /> : <Play className="size-5" aria-hidden />}
            </button>
            <div className="flex min-w-48 flex-1 items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
              <input
                type="range"
                aria-label="Time in the lesson"
                min={0}
                max={entries.length}
                value={position}
                aria-valuetext={`${spokenElapsed(sinceStart)} of ${spokenElapsed(length)}`}
                onChange={(event) => setPosition(Number(event.target.value))}
                className="flex-1 accent-brand"
              />
              <span className="tabular-nums">
                {elapsed(sinceStart)} / {elapsed(length)}
              </span>
            </div>
            <span className="flex gap-1">
              {pages.map((id, index) => (
                <button
                  key={id}
                  type="button"
                  aria-pressed={index === shownPage}
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
        </>
      )}
    </section>
  );
}
