import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { BookDashed, CloudOff, RefreshCw } from 'lucide-react';
import SubjectCard from '../../entities/curricula/SubjectCard';
import { focusRing } from './buttons';
import SectionHeading from './SectionHeading';
import { type HomeCurriculum, useHomeCurricula } from './use-home-curricula';

export default function CurriculaSection() {
  const state = useHomeCurricula();

  return (
    <section id="curricula" aria-labelledby="curricula-heading" className="scroll-mt-20 pt-12 pb-16 sm:pt-16 sm:pb-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="curricula-heading"
          eyebrow="Curricula and subjects"
          title="Find your exam board, then your subject"
          lead="Lessons and practice follow the specification you sit, from lower secondary through IGCSE, GCSE and A Level."
        />
        <div className="mt-10">
          {state.status === 'loading' && <CurriculaSkeleton />}
          {state.status === 'error' && <CurriculaError onRetry={state.retry} />}
          {state.status === 'ready' && (state.curricula.length === 0 ? <CurriculaEmpty /> : <CurriculaTabs curricula={state.curricula} />)}
        </div>
      </div>
    </section>
  );
}

function CurriculaTabs({ curricula }: { curricula: HomeCurriculum[] }) {
  return (
    <TabGroup>
      {/* Scrolls sideways on phones so a long list of boards never pushes the page wider than the screen. */}
      <TabList
        aria-label="Curricula"
        className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {curricula.map((c) => (
          <Tab
            key={c._id}
            className={`shrink-0 snap-start rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition ${focusRing} border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50 data-selected:border-transparent data-selected:bg-slate-900 data-selected:text-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-selected:bg-brand dark:data-selected:text-brand-ink`}
          >
            {c.curriculum}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {curricula.map((c) => (
          <TabPanel
            key={c._id}
            className={`rounded-3xl border border-slate-200 bg-slate-50/80 p-4 sm:p-8 dark:border-slate-800 dark:bg-slate-900/50 ${focusRing}`}
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
              <div className="max-w-2xl">
                <h3 className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">{c.curriculum}</h3>
                {c.description && <p className="mt-2 leading-relaxed text-slate-600 dark:text-slate-300">{c.description}</p>}
              </div>
              <p className="shrink-0 text-sm font-medium text-slate-500 dark:text-slate-400">
                {c.subjects.length === 1 ? '1 subject' : `${c.subjects.length} subjects`}
              </p>
            </div>
            {c.subjects.length > 0 ? (
              <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {c.subjects.map((s) => (
                  <SubjectCard key={s._id} curriculumSlug={c.slug} subject={s} />
                ))}
              </ul>
            ) : (
              <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
                Subjects for {c.curriculum} are being prepared.
              </p>
            )}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

function CurriculaSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading curricula…</span>
      <div className="flex gap-2 overflow-hidden" aria-hidden="true">
        {[112, 144, 96, 160, 128].map((w) => (
          <span key={w} className="h-9 shrink-0 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" style={{ width: w }} />
        ))}
      </div>
      <div className="mt-6 rounded-3xl border border-slate-200 p-5 sm:p-8 dark:border-slate-800" aria-hidden="true">
        <span className="block h-7 w-56 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        <span className="mt-3 block h-4 w-full max-w-lg animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <span key={i} className="h-32 animate-pulse rounded-2xl bg-slate-200/70 dark:bg-slate-800/70" />
          ))}
        </div>
      </div>
    </div>
  );
}

function CurriculaEmpty() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
      <BookDashed className="size-10 text-slate-400" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No curricula published yet</h3>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-400">
        Our course catalogue is being set up. Book a free class in the meantime and we will match you with a tutor for your exam board.
      </p>
    </div>
  );
}

function CurriculaError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-red-200 bg-red-50/60 px-6 py-14 text-center dark:border-red-500/30 dark:bg-red-500/5"
    >
      <CloudOff className="size-10 text-red-500 dark:text-red-400" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">We couldn't load the curricula</h3>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-400">Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className={`mt-6 inline-flex items-center gap-2 rounded-full bg-slate-900 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200 ${focusRing}`}
      >
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
