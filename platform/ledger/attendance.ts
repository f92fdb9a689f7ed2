import { and, eq, sql } from 'drizzle-orm';
import { lessonAttendance } from '../../schema/tables';
import type { Db } from '../env';

export interface AttendanceRef {
  tenantId: string;
  sectionId: string;
  userId: string;
}

/**
 * A person came into the lesson (a socket of theirs opened in the lesson room, or they joined its waiting room):
 * the first join stays the first; an open connection is counted so two tabs are one presence.
 * `connection: false` records a join without a connection to count (the waiting room has no socket of ours here).
 */
export function recordJoin(db: Db, ref: AttendanceRef, at: Date, connection = true) {
  const opens = connection ? 1 : 0;
  return db
    .insert(lessonAttendance)
    .values({ ...ref, firstJoinAt: at, openConnections: opens, openedAt: connection ? at : null })
    .onConflictDoUpdate({
      target: [lessonAttendance.tenantId, lessonAttendance.sectionId, lessonAttendance.userId],
      set: {
        firstJoinAt: sql`min(${lessonAttendance.firstJoinAt}, ${at.getTime()})`,
        openedAt: connection
          ? sql`case when ${lessonAttendance.openConnections} = 0 then ${at.getTime()} else ${lessonAttendance.openedAt} end`
          : sql`${lessonAttendance.openedAt}`,
        openConnections: sql`${lessonAttendance.openConnections} + ${opens}`,
        updatedAt: at,
      },
    });
}

/** One of a person's connections closed; when it was the last, the time since the count rose from zero is added. */
export function recordLeave(db: Db, ref: AttendanceRef, at: Date) {
  const last = sql`${lessonAttendance.openConnections} <= 1`;
  return db
    .update(lessonAttendance)
    .set({
      secondsInRoom: sql`${lessonAttendance.secondsInRoom} + case when ${last} and ${lessonAttendance.openedAt} is not null then max(0, (${at.getTime()} - ${lessonAttendance.openedAt}) / 1000) else 0 end`,
      openedAt: sql`case when ${last} then null else ${lessonAttendance.openedAt} end`,
      openConnections: sql`max(0, ${lessonAttendance.openConnections} - 1)`,
      lastLeaveAt: at,
      updatedAt: at,
    })
    .where(and(eq(lessonAttendance.tenantId, ref.tenantId), eq(lessonAttendance.sectionId, ref.sectionId), eq(lessonAttendance.userId, ref.userId)));
}
