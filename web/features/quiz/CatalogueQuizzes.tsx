import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListResponse } from '../../../schema/contracts/common';
import type { QuizDoc } from '../../../schema/contracts/quiz';
import { focusRing, smallButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import type { CatalogueChoice } from './catalogue';
import { quizCalls } from './quiz-api';

const PAGE = 10;
const row = 'block rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800';

/** The published quizzes of one grade of a subject, a page at a time; a learner opens each on its about page. */
export default function CatalogueQuizzes({ choice, takesQuizzes }: { choice: CatalogueChoice; takesQuizzes: boolean }) {
  const [list, setList] = useState<ListResponse<QuizDoc> | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let live = true;
    quizCalls
      .quizzesIn(choice, PAGE)
      .then((page) => live && setList(page))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [choice]);

  async function more() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const page = await quizCalls.quizzesIn(choice, PAGE, list.docs.length);
      setList((now) => now && { ...page, docs: [...now.docs, ...page.docs.filter((d) => !now.docs.some((o) => o._id === d._id))] });
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  if (failed) {
    return (
      <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
        The quizzes of {choice.grade} could not be loaded. Pick the grade again to retry.
      </p>
    );
  }
  if (!list) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="size-4" /> Loading quizzes…
      </p>
    );
  }
  if (list.docs.length === 0) return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No quizzes of {choice.grade} are published now.</p>;
  return (
    <div className="mt-3" data-testid="catalogue-quizzes">
      <ul className="grid gap-2">
        {list.docs.map((q) => {
          const text = (
            <>
              <span className="block font-medium break-words text-slate-900 dark:text-white">{q.title}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {[q.topic?.name, q.subTopic?.name, q.paper, q.questionIds.length === 1 ? '1 question' : `${q.questionIds.length} questions`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </>
          );
          // Only a learner takes a quiz; anyone else reads the list.
          return (
            <li key={q._id}>
              {takesQuizzes ? (
                <Link to={`/quizzes/${q._id}`} className={`${row} transition hover:bg-slate-50 hover:ring-brand/50 dark:hover:bg-slate-800 ${focusRing}`}>
                  {text}
                </Link>
              ) : (
                <div className={row}>{text}</div>
              )}
            </li>
          );
        })}
      </ul>
      {list.docs.length < list.totalDocs && (
        <button type="button" className={`${smallButton} mt-3`} disabled={loadingMore} onClick={() => void more()}>
          {loadingMore ? 'Loading…' : `Show more quizzes (${list.totalDocs - list.docs.length} more)`}
        </button>
      )}
    </div>
  );
}
