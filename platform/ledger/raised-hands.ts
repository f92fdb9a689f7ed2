import { and, eq, sql } from 'drizzle-orm';
import { lessonAttendance } from '../../schema/tables';
import type { Db } from '../env';
import type { AttendanceRef } from './attendance';

/**
 * A student raised a hand in the lesson room: one more for their attendance. Their board socket recorded the join,
 * so the row is there; a raise the room applied before that write landed is lost, never double counted.
 */
export function recordRaisedHand(db: Db, ref: AttendanceRef, at = new Date()) {
  return db
    .update(lessonAttendance)
    .set({ handsRaised: sql`${lessonAttendance.handsRaised} + 1`, updatedAt: at })
    .where(and(eq(lessonAttendance.tenantId, ref.tenantId), eq(lessonAttendance.sectionId, ref.sectionId), eq(lessonAttendance.userId, ref.userId)));
}
