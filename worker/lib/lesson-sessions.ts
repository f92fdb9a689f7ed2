import { eq } from 'drizzle-orm';
import { numberQuestions, type SessionView } from '../../schema/contracts/lesson-sessions';
import { lessonSessions } from '../../schema/tables';
import type { TenantDb } from './tenant-db';

type Session = typeof lessonSessions.$inferSelect;

export const toSessionView = (row: Session): SessionView => ({
  _id: row._id,
  sectionId: row.sectionId,
  student: row.studentId,
  subTopicId: row.subTopicId,
  questions: numberQuestions(row.questions),
  isMeetingEnded: row.endedAt !== null,
});

export const sessionOfSection = (tdb: TenantDb, sectionId: string) =>
  tdb.db.select().from(lessonSessions).where(tdb.where(lessonSessions, eq(lessonSessions.sectionId, sectionId))).get();
