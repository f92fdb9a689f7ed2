import { useAtomValue } from 'jotai';
import { MessageSquareHeart } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import {
  type CourseFeedbackLessons,
  FEEDBACK_MESSAGES,
  type FeedbackAuthor,
  type FeedbackLesson,
  type FeedbackPerson,
  type FeedbackReward,
  type LessonFeedback,
} from '../../../schema/contracts/lesson-feedbacks';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { feedbackCalls } from './api';
import FeedbackForm from './FeedbackForm';
import FeedbackView from './FeedbackView';

const FALLBACK_ZONE = 'Asia/Singapore';

type Writing = { author: FeedbackAuthor; lesson: FeedbackLesson; person: FeedbackPerson; existing: LessonFeedback | null } | null;

const fullName = (p: FeedbackPerson) => `${p.firstname} ${p.lastname}`.trim();

/**
 * Feedback on the course's lessons: the tutor gives each student stars, rewards and a comment; the student reads it
 * and rates the lesson; a parent acting for the student reads both.
 */
export default function CourseFeedbackPanel({ courseId, focus }: { courseId: string; focus: string | null }) {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || FALLBACK_ZONE;
  const toast = useToast();
  const [data, setData] = useState<{ lessons: CourseFeedbackLessons; fromTutors: LessonFeedback[]; fromStudents: LessonFeedback[] } | null>(null);
  const [rewards, setRewards] = useState<FeedbackReward[]>([]);
  const [failed, setFailed] = useState(false);
  const [writing, setWriting] = useState<Writing>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [lessons, fromTutors, fromStudents] = await Promise.all([
        feedbackCalls.lessons(courseId),
        feedbackCalls.list('TUTOR', courseId),
        feedbackCalls.list('STUDENT', courseId),
      ]);
      setData({ lessons, fromTutors: fromTutors.docs, fromStudents: fromStudents.docs });
      if (lessons.gives) setRewards(await feedbackCalls.rewards());
    } catch {
      setFailed(true);
    }
  }, [courseId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (focus && data) document.getElementById(`feedback-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focus, data]);

  if (failed && !data)
    return (
      <div className={`${cardClass} p-6 text-center`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">The lesson feedback could not be loaded.</p>
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  if (!data)
    return (
      <div className={`${cardClass} flex items-center justify-center gap-3 p-10 text-slate-600 dark:text-slate-300`} role="status">
        <Spinner /> Loading feedback…
      </div>
    );
  const { lessons, fromTutors, fromStudents } = data;
  if (lessons.lessons.length === 0)
    return (
      <EmptyState
        icon={<MessageSquareHeart className="size-6" aria-hidden="true" />}
        title="No lessons to give feedback on yet"
        text="Feedback can be left once a lesson has started."
      />
    );

  const tutorsFeedback = (lesson: string, student: string) => fromTutors.find((f) => f.section === lesson && f.student._id === student) ?? null;
  const studentsFeedback = (lesson: string, student: string) => fromStudents.find((f) => f.section === lesson && f.student._id === student) ?? null;

  return (
    <section aria-label="Lesson feedback" className="space-y-4">
      {lessons.lessons.map((lesson) => (
        <article key={lesson._id} id={`feedback-${lesson._id}`} className={`${cardClass} scroll-mt-24 p-4 sm:p-5`} aria-label={lesson.title}>
          <h3 className="font-semibold wrap-anywhere text-slate-900 dark:text-white">{lesson.title}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={lesson.start}>{lessonTime(lesson.start, zone)}</time> with {lesson.tutors.map(fullName).join(', ')}
          </p>
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {lesson.students.map((student) => {
              const given = tutorsFeedback(lesson._id, student._id);
              const rated = studentsFeedback(lesson._id, student._id);
              return (
                <li key={student._id} className="space-y-3 py-3">
                  <div className="space-y-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm font-medium text-slate-900 dark:text-white">
                        {lessons.gives ? `Your feedback to ${student.firstname}` : `${lesson.tutors[0]?.firstname ?? 'The tutor'}’s feedback`}
                      </p>
                      {lessons.gives && (
                        <button type="button" className={smallButton} onClick={() => setWriting({ author: 'TUTOR', lesson, person: student, existing: given })}>
                          {given ? 'Edit feedback' : `Give ${student.firstname} feedback`}
                        </button>
                      )}
                    </div>
                    {given ? <FeedbackView feedback={given} /> : <p className="text-sm text-slate-600 dark:text-slate-400">No feedback yet.</p>}
                  </div>
                  <div className="space-y-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm font-medium text-slate-900 dark:text-white">
                        {lessons.rates ? 'Your rating of the lesson' : `${student.firstname}’s rating of the lesson`}
                      </p>
                      {lessons.rates && lesson.tutors[0] && (
                        <button
                          type="button"
                          className={smallButton}
                          onClick={() => setWriting({ author: 'STUDENT', lesson, person: lesson.tutors[0]!, existing: rated })}
                        >
                          {rated ? 'Edit rating' : 'Rate this lesson'}
                        </button>
                      )}
                    </div>
                    {rated ? <FeedbackView feedback={rated} /> : <p className="text-sm text-slate-600 dark:text-slate-400">Not rated yet.</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </article>
      ))}
      <Dialog
        open={writing !== null}
        onClose={() => setWriting(null)}
        title={writing ? (writing.author === 'TUTOR' ? `Feedback for ${writing.person.firstname}` : `Rate “${writing.lesson.title}”`) : ''}
      >
        {writing && (
          <FeedbackForm
            rewards={writing.author === 'TUTOR' ? rewards : null}
            initial={
              writing.existing && { stars: writing.existing.stars, rewards: writing.existing.rewards.map((r) => r.key), comment: writing.existing.comment }
            }
            commentLabel={
              writing.author === 'TUTOR' ? `What ${writing.person.firstname} did well and what to work on` : `A note for ${writing.person.firstname}`
            }
            send={(draft) =>
              writing.existing
                ? feedbackCalls.edit(writing.author, writing.existing._id, draft)
                : feedbackCalls.give(writing.author, {
                    ...draft,
                    section: writing.lesson._id,
                    ...(writing.author === 'TUTOR' ? { student: writing.person._id } : { tutor: writing.person._id }),
                  })
            }
            onDone={() => {
              toast.success(writing.existing ? FEEDBACK_MESSAGES.updated : FEEDBACK_MESSAGES.saved);
              setWriting(null);
              void load();
            }}
            onCancel={() => setWriting(null)}
          />
        )}
      </Dialog>
    </section>
  );
}
