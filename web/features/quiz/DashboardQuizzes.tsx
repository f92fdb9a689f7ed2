import { ClipboardList, History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListResponse } from '../../../schema/contracts/common';
import type { QuizDoc } from '../../../schema/contracts/quiz';
import { withDeviceCopy } from '../../lib/device-copy';
import { focusRing, smallButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { historyPath, quizCalls } from './quiz-api';

type Lists = { toTake: ListResponse<QuizDoc>; history: ListResponse<QuizDoc> };
type ListKey = keyof Lists;

const PAGE = 6;

const cardClass = `block rounded-xl p-3 ring-1 ring-slate-200 transition hover:bg-slate-50 hover:ring-brand/50 dark:ring-slate-800 dark:hover:bg-slate-800 ${focusRing}`;

/** The student dashboard's quiz section: published quizzes to take, and the ones already tried with their attempts. */
export default function DashboardQuizzes() {
  const [lists, setLists] = useState<Lists | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState<ListKey | null>(null);

  useEffect(() => {
    let live = true;
    // Kept on the device, so a home opened offline still lists them.
    withDeviceCopy('quiz-lists', () => Promise.all([quizCalls.toTake(PAGE), quizCalls.history(PAGE)]))
      .then(({ value: [toTake, history] }) => live && setLists({ toTake, history }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  /** The next few of a list, added below the ones shown. */
  const showMore = async (key: ListKey) => {
    if (!lists) return;
    setMore(key);
    try {
      const page = await quizCalls[key](PAGE, lists[key].docs.length);
      setLists(
        (now) => now && { ...now, [key]: { ...page, docs: [...now[key].docs, ...page.docs.filter((d) => !now[key].docs.some((o) => o._id === d._id))] } },
      );
    } catch {
      setFailed(true);
    } finally {
      setMore(null);
    }
  };
  const moreButton = (key: ListKey, noun: string) =>
    lists && lists[key].docs.length < lists[key].totalDocs ? (
      <button type="button" className={smallButton} disabled={more !== null} onClick={() => void showMore(key)}>
        {more === key ? 'Loading…' : `Show more ${noun} (${lists[key].totalDocs - lists[key].docs.length} more)`}
      </button>
    ) : null;

  return (
    <section aria-labelledby="quizzes-title" className="mt-10 grid gap-4 lg:grid-cols-2">
      <h2 id="quizzes-title" className="sr-only">
        Quizzes
      </h2>
      <Panel title="Quizzes to take" icon={<ClipboardList className="size-5" aria-hidden="true" />} testId="quizzes-to-take">
        {failed ? (
          <p className="text-sm text-red-700 dark:text-red-300">Quizzes could not be loaded. Reload the page to try again.</p>
        ) : !lists ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner className="size-4" /> Loading quizzes…
          </p>
        ) : lists.toTake.docs.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No quizzes are published yet. Check back soon.</p>
        ) : (
          <ul className="grid gap-2">
            {lists.toTake.docs.map((q) => (
              <li key={q._id}>
                <Link to={`/quizzes/${q._id}`} className={cardClass}>
                  <span className="block font-medium text-slate-900 dark:text-white">{q.title}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {q.subject} · {q.topic?.name} · {q.questionIds.length === 1 ? '1 question' : `${q.questionIds.length} questions`}
                    {q.timeLimitSeconds ? ` · ${Math.round(q.timeLimitSeconds / 60)} min` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {moreButton('toTake', 'quizzes')}
          <Link to="/quizzes" className={`rounded text-sm font-semibold text-brand-deep hover:underline ${focusRing}`}>
            Browse all quizzes
          </Link>
        </div>
      </Panel>
      <Panel title="History" icon={<History className="size-5" aria-hidden="true" />} testId="quiz-history">
        {!lists ? (
          failed ? null : (
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
              <Spinner className="size-4" /> Loading history…
            </p>
          )
        ) : lists.history.docs.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Quizzes you take will appear here, with how many times you tried each.</p>
        ) : (
          <ul className="grid gap-2">
            {lists.history.docs.map((q) => (
              <li key={q._id}>
                <Link to={historyPath(q)} className={cardClass}>
                  <span className="block font-medium text-slate-900 dark:text-white">{q.title}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {q.submissionCount ?? 0} attempt{q.submissionCount === 1 ? '' : 's'} · {q.subject} · opens your last attempt
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {moreButton('history', 'history') && <div className="mt-3">{moreButton('history', 'history')}</div>}
      </Panel>
    </section>
  );
}

function Panel({ title, icon, testId, children }: { title: string; icon: React.ReactNode; testId: string; children: React.ReactNode }) {
  return (
    <div data-testid={testId} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <h3 className="mb-3 flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand/15 text-brand-deep">{icon}</span>
        {title}
      </h3>
      {children}
    </div>
  );
}
