import { useAtomValue } from 'jotai';
import { BookDashed, PlayCircle, ScrollText } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { SubjectDataResponse } from '../../../schema/contracts/content';
import { quizEntryPath, takesQuizzesAtom } from '../../entities/accounts/acting';
import { useResource } from '../../lib/use-resource';
import { focusRing, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import Breadcrumbs from './Breadcrumbs';
import '../../ui/math/rich-content.css';

/** /{curriculum}/{subject}: topics, each with its sub topics and a Practice link to the first published quiz. */
export default function SubjectPage() {
  const { curriculum = '', subject = '' } = useParams();
  const { hash } = useLocation();
  const takesQuizzes = useAtomValue(takesQuizzesAtom);
  const data = useResource<SubjectDataResponse>('/topics/getTopicsBySubjectData', { curriculum, subject });
  const ready = data.status === 'ready';
  useEffect(() => {
    if (ready && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
  if (data.status === 'loading') return <PageLoading />;
  if (data.status === 'error') return <LoadFailure onRetry={data.retry} />;
  if (data.status === 'missing') return <NotFoundPage />;
  const { curriculum: cur, subject: sub, topicsWithSubTopics } = data.data;
  const base = `/${cur.slug}/${sub?.slug ?? subject}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: cur.name, to: `/${cur.slug}` }, { label: sub?.name ?? subject }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {cur.name} {sub?.name}
      </h1>
      {sub?.subjectCode && (
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-slate-500 dark:text-slate-400">
          Syllabus {sub.subjectCode}
          {/* The catalogue is the board's, for every level of the syllabus, so the level segment is "all". */}
          <Link
            to={`/dashboard/${cur.slug}/${sub.slug}/all/${encodeURIComponent(sub.subjectCode)}/past-papers`}
            className={`inline-flex items-center gap-1.5 rounded text-brand-deep hover:underline dark:text-brand ${focusRing}`}
          >
            <ScrollText className="size-4" aria-hidden="true" />
            Past papers
          </Link>
        </p>
      )}
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
        Short notes, worked examples and practice questions for every topic.
      </p>
      {topicsWithSubTopics.length === 0 ? (
        <p className="mt-10 flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <BookDashed className="size-5 shrink-0" aria-hidden="true" />
          Topics for {sub?.name ?? 'this subject'} are being written. Check back soon.
        </p>
      ) : (
        <div className="mt-10 space-y-8">
          {topicsWithSubTopics.map((topic, index) => (
            <section key={topic._id} id={topic.slug} aria-labelledby={`topic-${topic._id}`} className="scroll-mt-24">
              <h2 id={`topic-${topic._id}`} className="flex items-baseline gap-3 text-xl font-bold text-slate-900 dark:text-white">
                <span className="text-sm font-semibold text-brand-deep">{String(index + 1).padStart(2, '0')}</span>
                {topic.name}
              </h2>
              {topic.description && <p className="mt-1 text-slate-600 dark:text-slate-400">{topic.description}</p>}
              <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
                {topic.subTopics.length === 0 && <li className="p-4 text-sm text-slate-500 dark:text-slate-400">Sub topics are on their way.</li>}
                {topic.subTopics.map((s) => (
                  <li key={s._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <Link
                        to={`${base}/${topic.slug}/${s.slug}`}
                        className={`rounded font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white ${focusRing}`}
                      >
                        {s.name}
                      </Link>
                      {s.summary && <MathText as="p" text={s.summary} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" />}
                    </div>
                    {s.quizId && (
                      <Link to={quizEntryPath(s.quizId, takesQuizzes)} className={`${secondaryButton} shrink-0 px-4! py-2!`} aria-label={`Practice ${s.name}`}>
                        <PlayCircle className="size-4 text-brand-deep" aria-hidden="true" />
                        Practice
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
