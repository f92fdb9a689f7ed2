import { CloudCheck, Eraser, Highlighter, Lightbulb, MousePointer2, PenLine, Shapes, WifiOff } from 'lucide-react';

const TOOLS = [MousePointer2, PenLine, Highlighter, Shapes, Eraser];

/** An illustration of a live lesson: whiteboard, video tiles, offline-safe notes and a quiz hint. */
export default function LessonPreview() {
  return (
    <div
      role="img"
      aria-label="Illustration of a live lesson: a shared whiteboard with a graph, tutor and student video tiles, lesson notes saved offline, and a quiz hint"
      className="relative mx-auto w-full max-w-xl sm:pb-12 lg:max-w-none"
    >
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2.5rem] bg-linear-to-br from-brand/25 via-transparent to-indigo-400/20 blur-2xl dark:from-brand/20"
      />
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 shadow-slate-900/10 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10"
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <span className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
            <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
            <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          </span>
          <span className="truncate text-xs font-semibold text-slate-700 sm:text-sm dark:text-slate-200">Physics · Forces and motion</span>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-[11px] font-bold tracking-wide text-red-700 dark:bg-red-500/15 dark:text-red-400">
            <span className="size-1.5 animate-pulse rounded-full bg-red-500" />
            LIVE
          </span>
        </div>
        <div className="grid grid-cols-[2.25rem_1fr] sm:grid-cols-[2.5rem_1fr_7.5rem]">
          <div className="flex flex-col items-center gap-2 border-r border-slate-200 py-3 dark:border-slate-800">
            {TOOLS.map((Tool, i) => (
              <span
                key={i}
                className={
                  i === 1
                    ? 'flex size-7 items-center justify-center rounded-lg bg-brand/15 text-brand-deep'
                    : 'flex size-7 items-center justify-center rounded-lg text-slate-400 dark:text-slate-500'
                }
              >
                <Tool className="size-4" />
              </span>
            ))}
          </div>
          <div className="relative h-52 bg-[radial-gradient(circle,rgba(148,163,184,0.35)_1px,transparent_1px)] bg-[size:16px_16px] sm:h-60">
            <svg viewBox="0 0 320 220" className="absolute inset-0 size-full" fill="none" strokeLinecap="round" strokeLinejoin="round">
              <path d="M40 185 H262 M40 185 V25" className="stroke-slate-400 dark:stroke-slate-500" strokeWidth="2" />
              <path d="M257 180 l6 5 -6 5 M35 30 l5 -6 5 6" className="stroke-slate-400 dark:stroke-slate-500" strokeWidth="2" />
              <path d="M42 150 L285 40" className="stroke-brand" strokeWidth="3.5" />
              <path d="M120 114.7 H185 V85.3" className="stroke-indigo-500 dark:stroke-indigo-400" strokeWidth="2.5" strokeDasharray="6 4" />
              <circle cx="185" cy="85.3" r="5" className="fill-brand" />
              <circle cx="120" cy="114.7" r="5" className="fill-brand" />
              <text x="145" y="133" className="fill-indigo-600 text-[13px] font-semibold italic dark:fill-indigo-300">
                Δt
              </text>
              <text x="193" y="106" className="fill-indigo-600 text-[13px] font-semibold italic dark:fill-indigo-300">
                Δv
              </text>
              <text x="196" y="40" className="fill-slate-700 text-[13px] font-semibold dark:fill-slate-200">
                v = u + at
              </text>
              <text x="26" y="155" className="fill-slate-500 text-[12px] dark:fill-slate-400">
                u
              </text>
              <text x="232" y="176" className="fill-slate-500 text-[12px] dark:fill-slate-400">
                t (s)
              </text>
              <text x="8" y="24" className="fill-slate-500 text-[12px] dark:fill-slate-400">
                v
              </text>
            </svg>
            <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-white/90 px-2 py-1 text-[10px] font-semibold text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800/90 dark:text-slate-300 dark:ring-slate-700">
              <MousePointer2 className="size-3 fill-indigo-400 text-indigo-500" />
              Tutor is drawing
            </span>
          </div>
          <div className="col-span-2 flex gap-2 border-t border-slate-200 p-2 sm:col-span-1 sm:flex-col sm:border-t-0 sm:border-l dark:border-slate-800">
            <VideoTile initials="T" label="Tutor" tint="from-teal-400 to-cyan-600" />
            <VideoTile initials="Y" label="You" tint="from-indigo-400 to-violet-600" />
          </div>
        </div>
        <div className="border-t border-slate-200 bg-slate-50 px-4 py-3 sm:min-h-28 sm:pr-64 dark:border-slate-800 dark:bg-slate-950/40">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">Lesson notes</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold text-amber-700 dark:bg-amber-400/10 dark:text-amber-300">
              <WifiOff className="size-3" />
              Offline
            </span>
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300">
              <CloudCheck className="size-3" />
              Saved on this device
            </span>
          </div>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Gradient of a velocity–time graph = acceleration. Area underneath = distance travelled.
            <span className="ml-0.5 inline-block h-4 w-0.5 translate-y-0.5 animate-pulse bg-slate-700 dark:bg-slate-300" />
          </p>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute right-3 bottom-0 hidden w-60 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-900/10 sm:block lg:-right-6 dark:bg-slate-800 dark:ring-white/10"
      >
        <p className="text-xs font-semibold text-slate-500 dark:text-slate-400">Practice quiz · Question 3 of 10</p>
        <p className="mt-1 text-sm font-semibold text-slate-900 dark:text-white">What does the gradient tell you?</p>
        <p className="mt-2 flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
          <Lightbulb className="mt-0.5 size-3.5 shrink-0" />
          Hint: compare the change in v with the change in t.
        </p>
      </div>
    </div>
  );
}

function VideoTile({ initials, label, tint }: { initials: string; label: string; tint: string }) {
  return (
    <span className="relative flex h-20 flex-1 items-center justify-center overflow-hidden rounded-lg bg-slate-800 sm:h-auto sm:flex-1">
      <span className={`flex size-10 items-center justify-center rounded-full bg-linear-to-br text-sm font-bold text-white ${tint}`}>{initials}</span>
      <span className="absolute bottom-1 left-1.5 rounded bg-black/40 px-1.5 text-[10px] font-medium text-white">{label}</span>
    </span>
  );
}
