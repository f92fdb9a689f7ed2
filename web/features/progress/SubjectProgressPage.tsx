import { useAtomValue } from 'jotai';
import { ArrowRight, BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SubjectProgressDoc } from '../../../schema/contracts/progress';
import { actingForAtom } from '../../entities/accounts/acting';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, focusRing, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import { useToast } from '../../ui/toast/use-toast';
import { progressCalls } from './api';
import { ProgressBars } from './ProgressBars';
import { ProgressHeader } from './ProgressHeader';
import { lastActive, progressDetail } from './progress-words';
import { useLoaded } from './use-loaded';
import { WeeklyChart } from './WeeklyChart';

/** A learner following a subject keeps it on their progress page even before any work in it; only they choose. */
function FollowButton({ doc, onSaved }: { doc: SubjectProgressDoc; onSaved: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!doc.subjectCode) return null;
  const code = doc.subjectCode;
  async function toggle() {
    setBusy(true);
    try {
      const current = await progressCalls.progress(doc.userId);
      const others = current.subjects.filter((s) => s.followed && s.subjectCode && s.subjectCode !== code);
      const keep = others.map((s) => ({ subjectCode: s.subjectCode!, lastSubTopicId: s.lastSubTopicId }));
      await progressCalls.save(doc.followed ? keep : [...keep, { subjectCode: code, lastSubTopicId: doc.lastSubTopicId }]);
      toast.success(doc.followed ? `${doc.subject} is no longer followed` : `${doc.subject} is on your progress page`);
      onSaved();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  }
  const Icon = doc.followed ? BookmarkCheck : BookmarkPlus;
  return (
    <button type="button" onClick={toggle} disabled={busy} className={secondaryButton} aria-pressed={doc.followed}>
      <Icon className="size-4" aria-hidden="true" />
      {doc.followed ? 'Following' : 'Follow this subject'}
    </button>
  );
}

/** /dashboard/progress/:userId/:subjectId: one subject topic by topic, its weeks, its lessons and what to do next. */
export default function SubjectProgressPage() {
  const { userId = '', subjectId = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const doc = useLoaded((signal) => progressCalls.subject(userId, subjectId, signal), `${userId}/${subjectId}`);
  if (doc.status === 'loading') return <PageLoading />;
  if (doc.status === 'missing') return <NotFoundPage />;
  if (doc.status === 'error') return <LoadFailure onRetry={doc.retry} />;
  const s = doc.data;
  const own = (actingFor ?? user)?._id === userId;
  const name = fullName(s.learner, 'Learner');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12" data-testid="subject-progress">
      <ProgressHeader
        back={{ to: own ? '/dashboard/progress' : `/dashboard/progress/${userId}`, label: own ? 'Your progress' : `${name}: progress` }}
        eyebrow={own ? s.curriculum : `${name} · ${s.curriculum}`}
        title={s.subject}
      >
        {progressDetail(s)}. {lastActive(s.lastActivityAt)}.
      </ProgressHeader>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={s.path} className={secondaryButton}>
          Practise {s.subject}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        {own && <FollowButton doc={s} onSaved={doc.reload} />}
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <section className={`${cardClass} p-5 sm:p-6 lg:col-span-3 lg:self-start`} aria-labelledby="topics-heading">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="topics-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Topics
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{s.percent}%</span> mastered
            </p>
          </div>
          <div className="mt-5">
            <ProgressBars
              title={`${s.subject}: progress by topic`}
              bars={s.topics.map((t) => {
                const practised = t.subTopics.filter((x) => x.attempts > 0).length;
                return {
                  key: t.topicId,
                  label: t.name,
                  percent: t.percent,
                  scorePercent: t.scorePercent,
                  detail: `${practised} of ${t.subTopics.length} sub topics practised${t.attempts ? ` · ${t.attempts} ${t.attempts === 1 ? 'quiz' : 'quizzes'}` : ''}`,
                };
              })}
            />
          </div>
          <details className="mt-6 group">
            <summary className={`cursor-pointer rounded text-sm font-semibold text-slate-700 dark:text-slate-200 ${focusRing}`}>Every sub topic</summary>
            <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {s.topics.flatMap((t) =>
                t.subTopics.map((sub) => (
                  <li key={sub.subTopicId} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="block truncate text-slate-900 dark:text-white">{sub.name}</span>
                      <span className="text-xs text-slate-500 dark:text-slate-400">{t.name}</span>
                    </span>
                    <span className="shrink-0 text-slate-700 tabular-nums dark:text-slate-300">
                      {sub.attempts > 0 ? `${sub.scorePercent}% · ${sub.band}` : 'Not practised'}
                    </span>
                  </li>
                )),
              )}
            </ul>
          </details>
        </section>
        <aside className="space-y-6 lg:col-span-2">
          <section className={`${cardClass} p-5 sm:p-6`} aria-labelledby="next-heading">
            <h2 id="next-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
              What to do next
            </h2>
            {s.next.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Every sub topic is practised and above the revise mark. Keep it up.</p>
            ) : (
              <ol className="mt-3 space-y-2">
                {s.next.map((step) => (
                  <li key={step.subTopicId} className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
                    {step.text}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section className={`${cardClass} p-5 sm:p-6`}>
            <WeeklyChart title="Marks scored, week by week" weeks={s.weeks} />
          </section>
          <section className={`${cardClass} p-5 sm:p-6`}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Lessons</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {s.lessons === 0
                ? 'No lessons in this subject yet.'
                : `${s.lessonsAttended} of ${s.lessons} ${s.lessons === 1 ? 'lesson' : 'lessons'} attended, ${s.lessonMinutes} minutes in the lesson room.`}
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
