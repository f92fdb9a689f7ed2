import { ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import type { LearnerRef } from '../../../schema/contracts/quiz';
import { fullName } from '../../lib/people';
import { useResource } from '../../lib/use-resource';
import { cardClass, focusRing } from '../../ui/classes';
import Spinner from '../../ui/Spinner';

/** A course's enrolled students for its tutor, each leading to their quiz attempts. */
export default function CourseLearners({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const { pathname } = useLocation();
  const learners = useResource<LearnerRef[]>(`/admin/submissions/course-learners/${courseId}`);
  return (
    <section aria-labelledby="people-learners" className={`${cardClass} p-5`}>
      <h2 id="people-learners" className="font-semibold text-slate-900 dark:text-white">
        Students
      </h2>
      {learners.status === 'loading' && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="size-4 text-brand-deep" /> Loading students…
        </p>
      )}
      {(learners.status === 'error' || learners.status === 'missing') && (
        <p className="mt-3 text-sm text-rose-600 dark:text-rose-400">The students could not be loaded.</p>
      )}
      {learners.status === 'ready' && learners.data.length === 0 && (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No students are enrolled yet.</p>
      )}
      {learners.status === 'ready' && learners.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {learners.data.map((l) => (
            <li key={l._id}>
              <Link
                to={`/portal/students/${l._id}/quizzes`}
                state={{ back: { to: pathname, label: courseTitle } }}
                className={`flex items-center justify-between gap-2 rounded-lg px-1 py-2.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
              >
                <span className="font-medium text-slate-900 dark:text-white">{fullName(l, 'Learner')}</span>
                <span className="inline-flex items-center gap-1 text-slate-500 dark:text-slate-400">
                  Quiz attempts
                  <ChevronRight className="size-4" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
