import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { availabilityItems, userSubjects } from './tables';

/**
 * Theo (the demo tutor) works weekdays 09:00–18:00 Singapore time and teaches Cambridge IGCSE Mathematics and
 * Physics to Grades 9 and 10, so trial booking has slots on a fresh local run. Fixed ids keep a second run a no-op.
 */

const TENANT = 'tenant_studyhall';
const TUTOR = 'user_tutor';
const WORKDAY = [{ start: '09:00', end: '18:00' }];

const subjectRows = ['Mathematics', 'Physics'].flatMap((subject) =>
  ['Grade 9', 'Grade 10'].map((grade) => ({
    _id: `subject_${TUTOR}_igcse_${subject.toLowerCase()}_${grade.replace(' ', '').toLowerCase()}`,
    tenantId: TENANT,
    userId: TUTOR,
    curriculum: 'Cambridge IGCSE',
    subject,
    grade,
  })),
);

export async function seedAvailability<S extends Record<string, unknown>>(db: DrizzleD1Database<S>) {
  await db.batch([
    db
      .insert(availabilityItems)
      .values({
        _id: 'availability_tutor_weekdays',
        tenantId: TENANT,
        userId: TUTOR,
        status: 'ENABLE',
        timezone: 'Asia/Singapore',
        weekly: { 1: WORKDAY, 2: WORKDAY, 3: WORKDAY, 4: WORKDAY, 5: WORKDAY },
      })
      .onConflictDoNothing(),
    ...subjectRows.map((row) => db.insert(userSubjects).values(row).onConflictDoNothing()),
  ]);
}
