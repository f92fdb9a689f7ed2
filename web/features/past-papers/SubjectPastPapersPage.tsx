import { ListChecks, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SubjectPastPapers } from '../../../schema/contracts/past-papers';
import { useResource } from '../../lib/use-resource';
import { cardClass, secondaryButton, smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import PageLoading from '../../ui/PageLoading';
import PaperLinks from './PaperLinks';

const words = (slug: string) => slug.replaceAll('-', ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * /dashboard/{curriculum}/{subject}/{subjectLevel}/{subjectCode}/past-papers: the subject's papers by year, each
 * opening the board's question paper and mark scheme. The board's subject code picks the catalogue.
 */
export default function SubjectPastPapersPage() {
  const { curriculum = '', subject = '', subjectLevel = '', subjectCode = '' } = useParams();
  const catalogue = useResource<SubjectPastPapers>('/past-papers', { subjectCode });
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-medium text-brand-deep dark:text-brand">
        {words(curriculum)} · {words(subject)}
      </p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Past papers</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Syllabus {subjectCode}
            {subjectLevel && subjectLevel !== 'all' ? `, ${words(subjectLevel)}` : ''}. Open a paper and its mark scheme on the exam board’s site.
          </p>
        </div>
        <Link to="/topical-past-papers" className={`${secondaryButton} shrink-0`}>
          <ListChecks className="size-4" aria-hidden="true" />
          Practise by topic
        </Link>
      </div>
      <div className="mt-8">
        {catalogue.status === 'loading' && <PageLoading />}
        {catalogue.status === 'error' && <LoadFailure onRetry={catalogue.retry} />}
        {catalogue.status === 'missing' && <NoPapers code={subjectCode} />}
        {catalogue.status === 'ready' && <Catalogue data={catalogue.data} code={subjectCode} />}
      </div>
    </div>
  );
}

function NoPapers({ code }: { code: string }) {
  return (
    <EmptyState
      icon={<ScrollText className="size-6" aria-hidden="true" />}
      title="No past papers yet"
      text={`We have no past papers for syllabus ${code} yet. Practise by topic in the meantime.`}
    />
  );
}

function Catalogue({ data, code }: { data: SubjectPastPapers; code: string }) {
  const [board, setBoard] = useState<string | null>(null);
  if (data.years.length === 0) return <NoPapers code={code} />;
  const chosen = board ?? data.boards[0]!;
  const years =
    data.boards.length > 1
      ? data.years.flatMap((y) => {
          const papers = y.papers.filter((p) => p.board === chosen);
          return papers.length ? [{ ...y, papers }] : [];
        })
      : data.years;
  return (
    <>
      {data.boards.length > 1 && (
        <div role="group" aria-label="Exam board" className="mb-6 flex flex-wrap gap-2">
          {data.boards.map((b) => (
            <button
              key={b}
              type="button"
              aria-pressed={b === chosen}
              className={`${smallButton} aria-pressed:bg-brand/15 aria-pressed:ring-brand`}
              onClick={() => setBoard(b)}
            >
              {b}
            </button>
          ))}
        </div>
      )}
      <div className="space-y-6">
        {years.map((y, index) => (
          <section key={y.year} aria-labelledby={`year-${index}`} className={`${cardClass} p-5 sm:p-6`}>
            <h2 id={`year-${index}`} className="text-lg font-semibold text-slate-900 dark:text-white">
              {y.year}
            </h2>
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {y.papers.map((p) => (
                <li key={p._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-medium text-slate-900 dark:text-white">
                      {p.session ? `${p.session} · ` : ''}
                      {p.label}
                    </p>
                    <p className="text-sm text-slate-500 dark:text-slate-400">
                      {p.board} · {p.code}
                    </p>
                  </div>
                  <PaperLinks paper={p} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
