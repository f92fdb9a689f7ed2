import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { courses, sections } from '../../../schema/tables';
import type { Env } from '../../env';
import { notifyLesson } from '../notifications/lesson-notices';
import type { TenantDb } from '../tenant-db';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far back a run looks for a reminder that fell due, so a late or missed cron run still sends it. */
const CATCH_UP = 30 * MINUTE;

export interface ReminderRunSummary {
  dayBefore: number;
  soon: number;
}

/**
 * Reminders a day and 15 minutes before each lesson. Every run looks at the lessons whose reminder fell due in the
 * last half hour; each notice is once-only per lesson, person, start and reminder, so overlapping runs (or one
 * delivered twice) remind once. A lesson booked less than a day ahead gets no day-before reminder: its booking
 * notice was that.
 */
export async function remindOfLessons(tdb: TenantDb, env: Env, tenant: { name: string; origin: string }, now: Date): Promise<ReminderRunSummary> {
  const due = (from: number, to: number) =>
    tdb.db
      .select({ _id: sections._id, start: sections.start, createdAt: sections.createdAt })
      .from(sections)
      .innerJoin(courses, and(eq(courses._id, sections.courseId), eq(courses.tenantId, tdb.tenantId), isNull(courses.deletedAt)))
      .where(
        tdb.where(
          sections,
          inArray(sections.kind, ['ZOOM', 'TEAMS']),
          eq(sections.status, 'ACTIVE'),
          isNull(sections.deletedAt),
          gt(sections.start, new Date(from)),
          lte(sections.start, new Date(to)),
        ),
      )
      .all();
  const t = now.getTime();
  const [dayAhead, soon] = await Promise.all([due(t + DAY - CATCH_UP, t + DAY), due(t, t + 15 * MINUTE)]);
  const bookedEarly = dayAhead.filter((lesson) => lesson.createdAt.getTime() <= lesson.start!.getTime() - DAY);
  const ctx = { env, tdb, origin: tenant.origin, productName: tenant.name };
  for (const lesson of bookedEarly) await notifyLesson(ctx, lesson._id, 'reminder-24h');
  for (const lesson of soon) await notifyLesson(ctx, lesson._id, 'reminder-15m');
  return { dayBefore: bookedEarly.length, soon: soon.length };
}
