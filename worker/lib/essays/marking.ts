import { and, desc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { EssayResponseListQuery, MarkerEssayResponseDoc } from '../../../schema/contracts/essays';
import { courseStudents, courseTutors, essayQuestions, essayResponses, subTopics, users } from '../../../schema/tables';
import { listPage } from '../pagination';
import { learnerName, type Reviewer, teaches } from '../quiz/reviewers';
import type { TenantDb } from '../tenant-db';
import { toResponseDoc } from './records';

/** The learners an enabled tutor teaches: those enrolled on a course the tutor is on. */
const taughtBy = (tdb: TenantDb, tutorId: string) =>
  tdb.db
    .selectDistinct({ userId: courseStudents.userId })
    .from(courseStudents)
    .innerJoin(
      courseTutors,
      and(
        eq(courseTutors.courseId, courseStudents.courseId),
        eq(courseTutors.tenantId, tdb.tenantId),
        eq(courseTutors.userId, tutorId),
        eq(courseTutors.status, 'ENABLE'),
      ),
    )
    .where(tdb.where(courseStudents, eq(courseStudents.status, 'ENROLLED')));

/**
 * Whose responses the reviewer reads: an admin (the route checked `submissions: view`) every learner of the tenant,
 * a tutor only their own students. A learner the reviewer may not read is a 404, as if they had no answers.
 */
async function readableLearners(tdb: TenantDb, reviewer: Reviewer, userId: string | undefined) {
  const { actor } = reviewer;
  if (userId) {
    await learnerName(tdb, userId);
    if (actor.role !== 'ADMIN' && !(await teaches(tdb, actor.userId, userId))) throw new ApiError(404, 'Essay answer not found');
    return eq(essayResponses.userId, userId);
  }
  return actor.role === 'ADMIN' ? undefined : inArray(essayResponses.userId, taughtBy(tdb, actor.userId));
}

const markerQuery = (tdb: TenantDb) =>
  tdb.db
    .select({
      response: essayResponses,
      firstname: users.firstname,
      lastname: users.lastname,
      subTopicId: essayQuestions.subTopicId,
      subTopicName: subTopics.name,
    })
    .from(essayResponses)
    .innerJoin(users, eq(users._id, essayResponses.userId))
    .innerJoin(essayQuestions, eq(essayQuestions._id, essayResponses.essayQuestionId))
    .innerJoin(subTopics, eq(subTopics._id, essayQuestions.subTopicId));
type MarkerRow = Awaited<ReturnType<ReturnType<typeof markerQuery>['all']>>[number];

const toMarkerDoc = (r: MarkerRow): MarkerEssayResponseDoc => ({
  ...toResponseDoc(r.response),
  learner: { _id: r.response.userId, name: `${r.firstname} ${r.lastname}`.trim() },
  subTopic: { _id: r.subTopicId, name: r.subTopicName },
  overridden: r.response.answers.some((a) => a.source === 'TUTOR'),
});

/** The markers' list of structured-question answers, newest first. */
export async function essayResponsePage(tdb: TenantDb, reviewer: Reviewer, query: EssayResponseListQuery & { limit: number; offset: number }) {
  const where = tdb.where(essayResponses, await readableLearners(tdb, reviewer, query.userId));
  return listPage(tdb.db, essayResponses, where, query, async (page) =>
    (await markerQuery(tdb).where(where).orderBy(desc(essayResponses.createdAt), desc(essayResponses._id)).limit(page.limit).offset(page.offset).all()).map(
      toMarkerDoc,
    ),
  );
}

/** One answer for the marker's screen; another tutor's student's answer is a 404. */
export async function essayResponseForMarker(tdb: TenantDb, reviewer: Reviewer, id: string) {
  const row = await markerQuery(tdb)
    .where(tdb.where(essayResponses, eq(essayResponses._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Essay answer not found');
  await readableLearners(tdb, reviewer, row.response.userId);
  return toMarkerDoc(row);
}
