import { eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import { alreadyHadTrial, type quizTrialInput } from '../../../schema/contracts/trials';
import { quizzes, submissions, trials } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { MailFrom } from '../mail-from';
import type { TenantDb } from '../tenant-db';
import { bookOwnTrial } from './student-booking';

/**
 * `POST trials/createFromQuiztopiya`: a free trial for the curriculum, subject and grade of a quiz the student took
 * (their own attempt; anyone else's answers 404). One per student and subject: a student who already has or had a
 * trial there (a cancelled one never took place, so it does not count) is told so. Booking then runs exactly as any
 * student's own trial does.
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
      const earlier = await tdb.db
        .select({ end: trials.end })
        .from(trials)
        .where(
          tdb.where(
            trials,
            eq(trials.studentId, actor.actingUserId),
            eq(trials.curriculum, quiz.curriculum),
            eq(trials.subject, quiz.subject),
            eq(trials.grade, quiz.grade),
            ne(trials.status, 'CANCELED'),
          ),
        )
        .get();
      if (earlier) throw new ApiError(409, alreadyHadTrial(quiz, earlier.end.getTime() > Date.now()));
      return { ...quiz, ...when };
    },
    mail,
  );
}
