import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { seedQuestionId } from './seed-content';
import { diagnosticTests } from './tables';

export const SEED_DIAGNOSTIC_IDS = { maths: 'diagnostic_test_studyhall_igcse_maths' } as const;

/** An easy and a hard question from each of four topics of the seeded bank, so the marks by topic and level mean something. */
const mathsQuestions = [
  ['percentages', 0],
  ['percentages', 6],
  ['linear-equations', 1],
  ['quadratic-equations', 4],
  ['pythagoras', 0],
  ['pythagoras', 5],
  ['averages', 1],
  ['probability', 4],
] as const;

/** The demo's short maths diagnostic; its id is fixed, so reseeding adds nothing. */
export async function seedDiagnostics<S extends Record<string, unknown>>(db: DrizzleD1Database<S>, tenantId: string) {
  await db
    .insert(diagnosticTests)
    .values({
      _id: SEED_DIAGNOSTIC_IDS.maths,
      tenantId,
      title: 'IGCSE Maths diagnostic',
      description:
        'Eight questions across number, algebra, geometry and statistics. It takes about ten minutes and shows which level and how many lessons to start with.',
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 10',
      questionIds: mathsQuestions.map(([key, index]) => seedQuestionId('studyhall', key, index)),
    })
    .onConflictDoNothing();
}
