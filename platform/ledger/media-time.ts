import { and, eq, sql } from 'drizzle-orm';
import { lessonAttendance } from '../../schema/tables';
import type { Db } from '../env';
import type { AttendanceRef } from './attendance';

/** Adds camera-on and microphone-on seconds to a person's attendance of a lesson (the row their join created). */
export function addMediaSeconds(db: Db, ref: AttendanceRef, seconds: { cameraSeconds: number; micSeconds: number }, at: Date) {
  return db
    .update(lessonAttendance)
    .set({
      cameraSeconds: sql`${lessonAttendance.cameraSeconds} + ${seconds.cameraSeconds}`,
      micSeconds: sql`${lessonAttendance.micSeconds} + ${seconds.micSeconds}`,
      updatedAt: at,
    })
    .where(and(eq(lessonAttendance.tenantId, ref.tenantId), eq(lessonAttendance.sectionId, ref.sectionId), eq(lessonAttendance.userId, ref.userId)));
}
