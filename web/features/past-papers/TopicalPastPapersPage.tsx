import { ArrowLeft, ListChecks, PlayCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { paperTitle, type TopicalSubTopic, type TopicalSubTopicPapers } from '../../../schema/contracts/past-papers';
import { useResource } from '../../lib/use-resource';
import { cardClass, focusRing, primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import PaperLinks from './PaperLinks';

const pageClass = 'mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * /topical-past-papers: pick a sub topic, then practise real past-paper questions on it. Each set is a quiz, so the
 * quiz player marks every answer against the paper's mark scheme and shows which points earned marks.
 */
export default function TopicalPastPapersPage() {
  const [search] = useSearchParams();
  const subTopicId = search.get('subTopicId');
  return subTopicId ? <SubTopicPapers subTopicId={subTopicId} /> : <SubTopicPicker />;
}

function SubTopicPicker() {
  const list = useResource<TopicalSubTopic[]>('/past-papers/topical');
  const items = list.status === 'ready' ? list.data : list.status === 'missing' ? [] : null;
  return (
    <div className={pageClass}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Topical past papers</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        Pick a topic and answer real exam questions on it. Each answer is marked against the paper’s mark scheme.
      </p>
      <div className="mt-8">
        {list.status === 'loading' && <PageLoading />}
        {list.status === 'error' && <LoadFailure onRetry={list.retry} />}
        {items?.length === 0 && (
          <EmptyState
            icon={<ListChecks className="size-6" aria-hidden="true" />}
            title="No topical questions yet"
            text="Past-paper questions appear here once they have been sorted by topic."
          />
        )}
        {items && items.length > 0 && <Groups items={items} />}
      </div>
    </div>
  );
}

function Groups({ items }: { items: TopicalSubTopic[] }) {
  const groups = new Map<string, TopicalSubTopic[]>();
  for (const item of items) {
    const key = `${item.curriculum} · ${item.subject}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <div className="space-y-6">
      {[...groups].map(([name, subTopics]) => (
        <section key={name} aria-label={name} className={`${cardClass} p-5 sm:p-6`}>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {subTopics.map((s) => (
              <li key={s.subTopicId}>
                <Link
                  to={`?subTopicId=${encodeURIComponent(s.subTopicId)}`}
                  className={`block rounded-xl p-3 ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand dark:ring-slate-800 dark:hover:bg-slate-800/60 ${focusRing}`}
                >
                  <span className="block font-medium text-slate-900 dark:text-white">{s.subTopic}</span>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {s.topic} · {plural(s.questions, 'question')} from {plural(s.papers, 'paper')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function SubTopicPapers({ subTopicId }: { subTopicId: string }) {
  const data = useResource<TopicalSubTopicPapers>(`/past-papers/topical/${encodeURIComponent(subTopicId)}`);
  if (data.status === 'loading') return <PageLoading />;
  if (data.status === 'missing') return <NotFoundPage />;
  if (data.status === 'error') return <LoadFailure onRetry={data.retry} />;
  const { subTopic, papers } = data.data;
  return (
    <div className={pageClass}>
      <Link
        to="/topical-past-papers"
        className={`inline-flex items-center gap-1 rounded text-sm font-medium text-brand-deep hover:underline dark:text-brand ${focusRing}`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All topics
      </Link>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
        {subTopic.curriculum} · {subTopic.subject} · {subTopic.topic}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{subTopic.name}: past-paper questions</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        Answer each question, then choose “Mark my answer” to see the marks against the mark scheme, point by point.
      </p>
      {papers.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<ListChecks className="size-6" aria-hidden="true" />}
            title="No past-paper questions on this topic yet"
            text="Pick another topic, or practise this one from its own questions."
          />
        </div>
      ) : (
        <ul className="mt-8 space-y-4">
          {papers.map((p) => (
            <li key={p.quizId} className={`${cardClass} flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between`}>
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">{p.paper ? `${p.paper.board} · ${paperTitle(p.paper)}` : p.paperName}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {p.paper ? `${p.paper.code} · ` : ''}
                  {plural(p.questions, 'question')} on this topic
                </p>
                {p.paper && (
                  <div className="mt-2">
                    <PaperLinks paper={p.paper} />
                  </div>
                )}
              </div>
              <Link
                to={`/startSubmission/${p.quizId}`}
                className={`${primaryButton} shrink-0`}
                aria-label={`Practise ${p.paper ? paperTitle(p.paper) : p.paperName}`}
              >
                <PlayCircle className="size-4" aria-hidden="true" />
                Practise
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
