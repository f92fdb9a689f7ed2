import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { quizTrialInput } from '../../../schema/contracts/trials';
import { quizzes, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { MailFrom } from '../mail-from';
import type { TenantDb } from '../tenant-db';
import { bookOwnTrial } from './student-booking';

/**
 * `POST trials/createFromQuiztopiya`: a free trial for the curriculum, subject and grade of a quiz the student took
 * (their own attempt; anyone else's answers 404). Booking then runs exactly as any student's own trial does.
 */
export function bookTrialFromQuiz(tdb: TenantDb, actor: Actor, readInput: () => Promise<z.output<typeof quizTrialInput>>, mail: MailFrom) {
  return bookOwnTrial(
    tdb,
    actor,
    async () => {
      const { submissionId, ...when } = await readInput();
      const quiz = await tdb.db
        .select({ curriculum: quizzes.curriculum, subject: quizzes.subject, grade: quizzes.grade })
        .from(submissions)
        .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
        .where(tdb.where(submissions, eq(submissions._id, submissionId), eq(submissions.userId, actor.actingUserId)))
        .get();
      if (!quiz) throw new ApiError(404, 'Submission not found');
      return { ...quiz, ...when };
    },
    mail,
  );
}
