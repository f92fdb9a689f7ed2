import type { HandIn } from '../../../schema/contracts/homework';
import { markText } from '../../../schema/contracts/homework';
import { linkedParentIds } from '../family-links';
import { type NotifyContext, notify } from '../notifications/send';

const FEEDBACK_IN_NOTICE = 280;

/**
 * Tells the student and their parents that a hand-in was marked, with the mark and the tutor's words. Once per
 * hand-in and mark: saving the same mark again tells nobody twice, a corrected mark is news.
 */
export async function notifyMarked(ctx: NotifyContext, handIn: HandIn) {
  if (handIn.mark === null || handIn.outOf === null) return;
  const parents = await linkedParentIds(ctx.tdb, handIn.student._id);
  const marker = handIn.markedBy ? `${handIn.markedBy.firstname} ${handIn.markedBy.lastname}`.trim() : 'Your tutor';
  const result = markText(handIn.mark, handIn.outOf);
  const feedback = handIn.feedback
    ? ` “${handIn.feedback.length > FEEDBACK_IN_NOTICE ? `${handIn.feedback.slice(0, FEEDBACK_IN_NOTICE)}…` : handIn.feedback}”`
    : '';
  await notify(ctx, [handIn.student._id, ...parents], (person) => {
    const whose = person._id === handIn.student._id ? 'your' : `${handIn.student.firstname}’s`;
    return {
      kind: 'progress',
      key: `homework-marked:${handIn._id}:${handIn.mark}/${handIn.outOf}`,
      title: `Homework marked: ${handIn.homework.title}`,
      body: `${marker} marked ${whose} hand-in for “${handIn.homework.title}”: ${result}.${feedback}`,
      link: `/portal/courses/${handIn.course}?homework=${handIn.section}`,
    };
  });
}
