import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/d1';
import { getPlatformProxy } from 'wrangler';
import { seed } from '../../schema/seed';
import type { D1Like } from '../slots/counting-d1';

/**
 * A real local D1 (wrangler's platform proxy runs it in workerd) with the demo seed and `ROWS` lesson history rows of
 * the main tenant: 20 tutors, 100 students, 1,000 lessons' sections, starts ten minutes apart (100,000 rows span about
 * two years), mostly SGD with some USD and MYR, a penalty on one row in twenty, a tenth already PAID. The rows are made
 * by one INSERT … SELECT over a recursive count, so 100,000 rows take seconds and bind no values.
 */

type Binding = Parameters<typeof drizzle>[0];
export const TENANT = 'tenant_studyhall';
/** 100,000 as issue 30 asks; `BENCH_LEDGER_ROWS=2000` for a quick run on a busy machine. */
export const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 100_000);
const TUTORS = 20;
const STUDENTS = 100;
const SECTIONS = 1_000;
/** The first lesson's start; lesson i starts i × 10 minutes later. */
export const BASE = Date.parse('2024-01-01T00:00:00Z');
export const STEP = 10 * 60_000;

export interface LedgerBench {
  raw: D1Like;
  dispose(): Promise<void>;
}

export async function ledgerData(state: string): Promise<LedgerBench> {
  rmSync(state, { recursive: true, force: true });
  const proxy = await getPlatformProxy<{ DB: Binding }>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } });
  const raw = proxy.env.DB as unknown as D1Like;
  for (const file of readdirSync('schema/migrations')
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(`schema/migrations/${file}`, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await raw.prepare(statement).run();
    }
  }
  await seed(drizzle(proxy.env.DB));
  const now = Date.now();
  const count = (n: number) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;
  await raw
    .prepare(
      `${count(TUTORS)} insert into users (_id, tenant_id, role, firstname, lastname, email, country, created_at, updated_at)
       select 'bench_tutor_' || i, '${TENANT}', 'TUTOR', 'Tutor', 'Number ' || i, 'bench.tutor.' || i || '@studyhall.test', 'SG', ${now}, ${now} from n`,
    )
    .run();
  await raw
    .prepare(
      `${count(STUDENTS)} insert into users (_id, tenant_id, role, firstname, lastname, email, country, created_at, updated_at)
       select 'bench_student_' || i, '${TENANT}', 'STUDENT', 'Student', 'Number ' || i, 'bench.student.' || i || '@studyhall.test',
              case i % 3 when 0 then 'SG' when 1 then 'MY' else 'GB' end, ${now}, ${now} from n`,
    )
    .run();
  await raw
    .prepare(
      `${count(SECTIONS)} insert into sections (_id, tenant_id, course_id, sorting_key, kind, title, created_by, created_at, updated_at)
       select 'bench_section_' || i, '${TENANT}', 'course_igcse_maths_theo', 100000 + i, 'TEAMS', 'Bench lesson ' || i, 'user_admin', ${now}, ${now} from n`,
    )
    .run();
  // Row i: lesson (section) i % 1000 with student i / 1000, so (section, student) is unique as the table demands.
  await raw
    .prepare(
      `${count(ROWS)} insert into lesson_history (_id, tenant_id, event_id, section_id, course_id, student_id, tutor_id, start, end, duration,
         lesson_type, payment_type, subject, curriculum, grade, tutor_join_time, student_join_time, class_timing_status, student_timing_status,
         tutor_rate, tutor_rate_currency, rate_explanation, tutor_amount, allocated_tutor_amount, tutor_amount_currency,
         tutor_penalty, tutor_penalty_amount, tutor_penalty_reason, tutor_payment_status, closed_by, closed_at, created_at, updated_at)
       select 'bench_history_' || i, '${TENANT}', lower(hex(randomblob(16))), 'bench_section_' || (i % ${SECTIONS}), 'course_igcse_maths_theo',
         'bench_student_' || (i / ${SECTIONS}), 'bench_tutor_' || (i % ${TUTORS}), ${BASE} + i * ${STEP}, ${BASE} + i * ${STEP} + 3600000, 60,
         case when i % 10 = 0 then 'GROUP' else 'LESSON' end, 'CREDIT', case i % 4 when 0 then 'Physics' else 'Mathematics' end,
         'Cambridge IGCSE', 'Grade 10', ${BASE} + i * ${STEP} + (i % 5) * 30000, ${BASE} + i * ${STEP}, 'On Time', 'On Time',
         2000 + (i % 30) * 100, c.currency, 'Bench rate × 60 min', 2000 + (i % 30) * 100, 2000 + (i % 30) * 100, c.currency,
         i % 20 = 0, case when i % 20 = 0 then 500 else 0 end, case when i % 20 = 0 then 'Late start' end,
         case when i % 10 = 9 then 'PAID' else 'PROCESSING' end, 'JOB', ${now}, ${now}, ${now}
       from n join (select 'SGD' as currency, 0 as k union all select 'USD', 1 union all select 'MYR', 2) as c
         on c.k = case when i % 20 < 16 then 0 when i % 20 < 19 then 1 else 2 end`,
    )
    .run();
  return { raw, dispose: () => proxy.dispose() };
}
