import { type LessonFeedback, starsText } from '../../../schema/contracts/lesson-feedbacks';
import { linkedParentIds } from '../family-links';
import { type NotifyContext, notify } from '../notifications/send';

const COMMENT_IN_NOTICE = 280;
const quoted = (comment: string) => (comment ? ` “${comment.length > COMMENT_IN_NOTICE ? `${comment.slice(0, COMMENT_IN_NOTICE)}…` : comment}”` : '');
const nameOf = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** Tells whoever the feedback is for, once per feedback: the student and their parents, or the tutor. */
export async function notifyFeedback(ctx: NotifyContext, feedback: LessonFeedback) {
  const link = `/portal/courses/${feedback.course}?feedback=${feedback.section}`;
  if (feedback.author === 'STUDENT') {
    await notify(ctx, [feedback.tutor._id], () => ({
      kind: 'progress',
      key: `lesson-student-feedback:${feedback._id}`,
      title: `Feedback from ${feedback.student.firstname}: ${feedback.lesson.title}`,
      body: `${nameOf(feedback.student)} rated “${feedback.lesson.title}” ${feedback.stars} of 5 stars.${quoted(feedback.comment)}`,
      link,
    }));
    return;
  }
  const parents = await linkedParentIds(ctx.tdb, feedback.student._id);
  const rewards = feedback.rewards.map((r) => `${r.emoji} ${r.label}`).join(', ');
  await notify(ctx, [feedback.student._id, ...parents], (person) => ({
    kind: 'progress',
    key: `lesson-tutor-feedback:${feedback._id}`,
    title: `Feedback from ${feedback.tutor.firstname}: ${feedback.lesson.title}`,
    body: `${nameOf(feedback.tutor)} gave ${person._id === feedback.student._id ? 'you' : feedback.student.firstname} ${starsText(feedback.stars)} for “${feedback.lesson.title}”${rewards ? ` and ${rewards}` : ''}.${quoted(feedback.comment)}`,
    link,
  }));
}
