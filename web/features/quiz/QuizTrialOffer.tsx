import { useAtomValue } from 'jotai';
import { GraduationCap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { takesQuizzesAtom } from '../../entities/accounts/acting';
import { cardClass, secondaryButton } from '../../ui/classes';
import type { QuizSubject } from './quiz-api';

const QuizTrialDialog = lazy(() => import('./QuizTrialDialog'));

interface QuizTrialOfferProps {
  submissionId: string;
  quiz: QuizSubject;
}

/** "Book a free trial lesson on this topic", for a learner with an account (a guest's quiz trial has no lessons). */
export default function QuizTrialOffer({ submissionId, quiz }: QuizTrialOfferProps) {
  const takesQuizzes = useAtomValue(takesQuizzesAtom);
  const [open, setOpen] = useState(false);
  if (!takesQuizzes) return null;
  return (
    <section aria-labelledby="trial-offer" className={`${cardClass} flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6`}>
      <div>
        <h2 id="trial-offer" className="text-lg font-semibold text-slate-900 dark:text-white">
          Want a tutor’s help with this?
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Meet a tutor for a free 30-minute, one-to-one trial lesson in {quiz.subject} ({quiz.grade}).
        </p>
      </div>
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButton} shrink-0`}>
        <GraduationCap className="size-4 text-brand-deep" aria-hidden="true" />
        Book a free trial lesson on this topic
      </button>
      {open && (
        <Suspense fallback={null}>
          <QuizTrialDialog submissionId={submissionId} quiz={quiz} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
