import { useAtomValue } from 'jotai';
import { ClipboardCheck, Library, PlayCircle } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { attemptTime } from '../../entities/quiz/attempt-time';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, focusRing, primaryButton, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import { attemptPath, attemptResult, difficultyLine, quizFacts, recordLine, startAction } from './about-quiz';
import QuizResources from './QuizResources';
import QuizTrialOffer from './QuizTrialOffer';
import { type AboutData, useQuizAbout } from './use-quiz-about';

const card = `${cardClass} p-5 sm:p-6`;

/** /quizzes/{quizId}: what a quiz covers and asks, the learner's latest attempts, then Start (or Resume). */
export default function QuizAboutPage() {
  const { quizId = '' } = useParams();
  const state = useQuizAbout(quizId);
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'error') return <LoadFailure onRetry={state.retry} />;
  if (state.status === 'refused') {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">This page is for learners</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{state.message}</p>
        <Link to="/quizzes" className={`mt-8 ${secondaryButton}`}>
          Browse the quiz catalogue
        </Link>
      </div>
    );
  }
  return <AboutView data={state.data} />;
}

function AboutView({ data: { about, latest, subTopic } }: { data: AboutData }) {
  const zone = useViewerZone();
  const actingFor = useAtomValue(actingForAtom);
  const { quiz } = about;
  const start = startAction(about);
  // A trial is booked from an attempt (its quiz names the subject), so it is offered once there is one.
  const tried = about.lastSubmissionId ?? about.inProgressSubmissionId;
  const covers = quiz.subTopic ? `${quiz.topic?.name ?? 'Its topic'}: ${quiz.subTopic.name}` : `The whole topic ${quiz.topic?.name ?? ''}`.trim();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
        {[quiz.curriculum, quiz.subject, quiz.grade, quiz.paper].filter(Boolean).join(' · ')}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{quiz.title}</h1>
      {actingFor && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">You are looking at {actingFor.firstname}’s record.</p>}

      <section aria-labelledby="what-it-covers" className={`mt-6 ${card}`}>
        <h2 id="what-it-covers" className="text-lg font-semibold text-slate-900 dark:text-white">
          What it covers
        </h2>
        <p className="mt-2 text-slate-800 dark:text-slate-100" data-testid="quiz-covers">
          {covers}
        </p>
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="quiz-facts">
          {quizFacts(about).map((fact) => (
            <li key={fact} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {fact}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">How hard: {difficultyLine(about.difficulties)}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={start.to} className={primaryButton}>
            <PlayCircle className="size-4" aria-hidden="true" />
            {start.label}
          </Link>
          {quiz.subTopicId && (
            <Link to={`/quick-check/${quiz.subTopicId}`} className={secondaryButton}>
              <ClipboardCheck className="size-4" aria-hidden="true" />
              Quick check first
            </Link>
          )}
        </div>
        {!about.inProgressSubmissionId && (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">A new attempt counts towards this month’s quizzes. A quick check does not.</p>
        )}
      </section>

      <section aria-labelledby="your-attempts" className={`mt-6 ${card}`}>
        <h2 id="your-attempts" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your attempts
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="quiz-record">
          {recordLine(about)}
        </p>
        {latest.docs.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="latest-attempts">
            {latest.docs.map((a) => {
              const to = attemptPath(quiz, a._id);
              const text = (
                <>
                  <span className="block font-medium text-slate-900 dark:text-white">{attemptResult(a)}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">Started {attemptTime(a.createdAt, zone)}</span>
                </>
              );
              return (
                <li key={a._id} className="py-2">
                  {to ? (
                    <Link to={to} className={`block rounded-lg p-2 hover:bg-slate-50 dark:hover:bg-slate-800 ${focusRing}`}>
                      {text}
                    </Link>
                  ) : (
                    <div className="p-2">{text}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {latest.totalDocs > latest.docs.length && (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            Showing your latest {latest.docs.length} of {latest.totalDocs} attempts.
          </p>
        )}
      </section>

      {tried && (
        <div className="mt-6">
          <QuizTrialOffer submissionId={tried} quiz={quiz} />
        </div>
      )}

      {subTopic && (
        <div className="mt-6">
          <QuizResources subTopic={subTopic} />
        </div>
      )}

      <p className="mt-8 text-sm">
        <Link to="/quizzes" className={`inline-flex items-center gap-2 rounded font-medium text-brand-deep hover:underline ${focusRing}`}>
          <Library className="size-4" aria-hidden="true" />
          Browse all quizzes
        </Link>
      </p>
    </div>
  );
}
