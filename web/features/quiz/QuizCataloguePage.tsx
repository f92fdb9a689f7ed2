import { useAtomValue } from 'jotai';
import { Library } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { QuizCatalogueItem } from '../../../schema/contracts/quiz';
import { takesQuizzesAtom } from '../../entities/accounts/acting';
import { useCan } from '../../entities/roles/admin-permissions';
import { useResource } from '../../lib/use-resource';
import { cardClass, focusRing, pillTab } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import PageLoading from '../../ui/PageLoading';
import CatalogueQuizzes from './CatalogueQuizzes';
import { type CatalogueChoice, choiceKey, quizCountText } from './catalogue';

/** /quizzes: the published quizzes by curriculum, subject and grade; picking a grade lists its quizzes. */
export default function QuizCataloguePage() {
  const catalogue = useResource<QuizCatalogueItem[]>('/curriculums/quiztopiya');
  const [picked, setPicked] = useState<CatalogueChoice | null>(null);
  const takesQuizzes = useAtomValue(takesQuizzesAtom);
  const can = useCan();

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Quiz catalogue</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">Every published quiz, by curriculum, subject and grade. Pick a grade to see its quizzes.</p>
      {can({ quizzes: ['create'] }) && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Quizzes are made from the question bank of a topic or sub topic in{' '}
          <Link to="/portal/admin/content" className={`rounded font-semibold text-brand-deep hover:underline ${focusRing}`}>
            Content
          </Link>
          ; this list shows them once they are published.
        </p>
      )}
      <div className="mt-8">
        {catalogue.status === 'loading' ? (
          <PageLoading />
        ) : catalogue.status === 'error' || catalogue.status === 'missing' ? (
          <LoadFailure onRetry={catalogue.status === 'error' ? catalogue.retry : () => location.reload()} />
        ) : catalogue.data.length === 0 ? (
          <EmptyState icon={<Library className="size-6" aria-hidden="true" />} title="No quizzes yet" text="No quizzes are published yet. Check back soon." />
        ) : (
          <div className="grid gap-6">
            {catalogue.data.map((item, index) => (
              <section key={item.curriculum} aria-labelledby={`curriculum-${index}`} className={`${cardClass} p-5 sm:p-6`}>
                <h2 id={`curriculum-${index}`} className="text-xl font-semibold text-slate-900 dark:text-white">
                  {item.curriculum}
                  {item.subjectLevel && <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{item.subjectLevel}</span>}
                </h2>
                <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
                  {item.subjects.map((s) => (
                    <li key={s.subject} className="py-3">
                      <h3 className="font-medium text-slate-800 dark:text-slate-100">{s.subject}</h3>
                      <div className="mt-2 flex flex-wrap gap-2">
                        {s.grade.map((g) => {
                          const choice = { curriculum: item.curriculum, subject: s.subject, grade: g.grade };
                          const on = picked !== null && choiceKey(picked) === choiceKey(choice);
                          return (
                            <button
                              key={g.grade}
                              type="button"
                              aria-pressed={on}
                              className={pillTab('ring-1 ring-slate-200 dark:ring-slate-700')({ selected: on })}
                              onClick={() => setPicked(on ? null : choice)}
                            >
                              {g.grade} · {quizCountText(g.quizCount)}
                            </button>
                          );
                        })}
                      </div>
                      {picked && picked.curriculum === item.curriculum && picked.subject === s.subject && (
                        <CatalogueQuizzes key={choiceKey(picked)} choice={picked} takesQuizzes={takesQuizzes} />
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
