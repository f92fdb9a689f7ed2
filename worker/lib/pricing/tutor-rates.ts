import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { Rate, RateExplanation } from '../../../schema/contracts/pricing';
import type { RateTable } from '../../../schema/contracts/pricing-enums';
import { courseStudents, courseTutors, rates, rateVersions, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { loadRateBook } from './rate-book';
import { toRate } from './rate-records';
import { resolveRate } from './resolve';
import { memberSet } from './sets';
import { utcDay } from './wire';

async function signedInTutor(tdb: TenantDb, actor: Actor) {
  const tutor = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.actingUserId)))
    .get();
  if (tutor?.role !== 'TUTOR') throw new ApiError(403, 'Only tutors have tutor rates');
  return tutor;
}

/** The rates of ACTIVE versions that could pay the signed-in tutor: those naming them or no tutor, in their country or any. */
export async function ratesForTutor(tdb: TenantDb, actor: Actor, table: RateTable): Promise<(Rate & { versionNumber: number; versionName: string })[]> {
  const tutor = await signedInTutor(tdb, actor);
  const rows = await tdb.db
    .select({ rate: rates, versionNumber: rateVersions.versionNumber, versionName: rateVersions.name })
    .from(rates)
    .innerJoin(rateVersions, eq(rateVersions._id, rates.versionId))
    .where(
      and(
        tdb.where(rates, eq(rates.rateTable, table), or(isNull(rates.tutorId), eq(rates.tutorId, tutor._id))),
        eq(rateVersions.status, 'ACTIVE'),
        tutor.country ? or(isNull(rates.tutorCountry), eq(rates.tutorCountry, tutor.country)) : isNull(rates.tutorCountry),
      ),
    )
    .orderBy(desc(rateVersions.versionNumber), desc(rates.amount))
    .all();
  return rows.map(({ rate, versionNumber, versionName }) => ({ ...toRate(rate), versionNumber, versionName }));
}

/**
 * What a one-to-one lesson with this student pays the signed-in tutor: the student must be enrolled in a course the
 * tutor teaches; the assigned date is the latest such enrolment.
 */
export async function rateForStudent(
  tdb: TenantDb,
  actor: Actor,
  studentId: string,
  query: { tutorId?: string; curriculum?: string; grade?: string },
): Promise<RateExplanation> {
  const tutor = await signedInTutor(tdb, actor);
  if (query.tutorId && query.tutorId !== tutor._id) throw new ApiError(403, 'You can only see your own rates');
  const student = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, studentId)))
    .get();
  if (student?.role !== 'STUDENT') throw new ApiError(404, 'Student not found');
  const taught = tdb.db
    .select({ courseId: courseTutors.courseId })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.userId, tutor._id)));
  const enrolment = await tdb.db
    .select({ createdAt: courseStudents.createdAt })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.userId, student._id), inArray(courseStudents.courseId, taught)))
    .orderBy(desc(courseStudents.createdAt))
    .get();
  if (!enrolment) throw new ApiError(404, 'Student not found');
  const studentType = await memberSet(tdb, 'STUDENT_TYPE', student._id);
  const answer = resolveRate(await loadRateBook(tdb, 'ONE_TO_ONE_TUTOR'), {
    table: 'ONE_TO_ONE_TUTOR',
    values: {
      studentId: student._id,
      tutorId: tutor._id,
      studentType: studentType?._id,
      tutorCountry: tutor.country,
      studentCountry: student.country,
      curriculum: query.curriculum ?? student.curriculum,
      grade: query.grade ?? student.grade,
    },
    dates: { STUDENT_ASSIGNED_DATE: utcDay(enrolment.createdAt), STUDENT_REGISTRATION_DATE: utcDay(student.createdAt) },
    labels: { studentId: `${student.firstname} ${student.lastname}`.trim(), tutorId: 'you', studentType: studentType?.name },
  });
  if (!answer.ok) throw new ApiError(422, answer.reason);
  return { amount: answer.amount, currency: answer.currency, rateVersionId: answer.rateVersionId, rateId: answer.rateId, explanation: answer.explanation };
}
