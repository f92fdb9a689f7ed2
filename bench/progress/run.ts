import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { getPlatformProxy } from 'wrangler';
import { DEMO_PASSWORD, DEMO_USERS, seed, TENANT_IDS } from '../../schema/seed';
import { curricula, lessonHistory, quizzes, subjects, submissions, subTopics, topics } from '../../schema/tables';
import { countingD1, type D1Like, type Tally } from '../slots/counting-d1';

/**
 * `npm run bench -- progress`. Sam, the demo student, with 2,000 finished quiz attempts over every published quiz of
 * the main tenant (about 200 days of them) and 300 closed lessons, beside 40 other students with 500 attempts each,
 * in a real local D1 (workerd through wrangler's platform proxy), the Worker's own code run against it:
 *
 * - ours: worker/lib/progress/compute.ts, grouped reads on the covering index `submissions_user_progress` and on
 *   `lesson_history_student`, with his subjects, sent as one statement (worker/lib/progress/one-read.ts).
 * - peer: the naive way, in the same run, rounds alternating: every attempt, quiz, topic, sub topic and lesson row of
 *   his read and added up in JS. Both answers are checked to agree, subject by subject.
 *
 * Then one subject in depth (POST /progress/getSubjectProgress's work) and the whole `GET /api/progress/:id` call
 * through the router, sign-in checks included.
 */

type Binding = Parameters<typeof drizzle>[0];
const STATE = '.tmp/bench-progress-state';
const ATTEMPTS = 2_000;
const LESSONS = 300;
const OTHERS = 40;
const OTHER_ATTEMPTS = 500;
const WARMUP = 5;
const ROUNDS = 60;
const TENANT = TENANT_IDS.studyhall;
const SAM = DEMO_USERS.student._id;
const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef';
const DAY = 24 * 60 * 60_000;

interface SubjectNumbers {
  subjectId: string;
  attempts: number;
  scorePercent: number | null;
  percent: number;
  lessons: number;
  lessonsAttended: number;
}
interface Worker {
  scopedDb(db: unknown, tenantId: string): unknown;
  learnerProgress(tdb: unknown, learner: unknown, now?: Date): Promise<{ subjects: SubjectNumbers[] }>;
  subjectProgress(tdb: unknown, learner: unknown, subjectId: string, now?: Date): Promise<{ topics: unknown[] } | null>;
  app: { request(path: string, init: RequestInit, env: Record<string, unknown>, ctx?: never): Promise<Response> };
}
const load = async <T>(path: string) => (await import(pathToFileURL(path).href)) as T;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const tally = (): Tally => ({ trips: 0, statements: [] });
const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 100) : 0);
const count = (n: number) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;

async function prepare() {
  rmSync(STATE, { recursive: true, force: true });
  const proxy = await getPlatformProxy<{ DB: Binding }>({ configPath: 'wrangler.toml', persist: { path: `${STATE}/v3` } });
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
  await raw
    .prepare(
      `${count(OTHERS)} insert into users (_id, tenant_id, role, firstname, lastname, email, country, created_at, updated_at)
       select 'bench_student_' || i, '${TENANT}', 'STUDENT', 'Student', 'Number ' || i, 'bench.student.' || i || '@studyhall.test', 'SG', ${now}, ${now} from n`,
    )
    .run();
  // Attempt i of a learner: quiz i mod (number of quizzes), finished i × 2.4 hours ago, scoring (i × 7) mod 11 of 10.
  const attempts = (userSql: string, rows: number, prefix: string) =>
    raw
      .prepare(
        `${count(rows)}, q as (select _id, sub_topic_id, row_number() over (order by _id) - 1 as k from quizzes where tenant_id = '${TENANT}' and is_published = 1)
         insert into submissions (_id, tenant_id, user_id, quiz_id, sub_topic_id, status, is_timer_enabled, score, max_score, is_trial, completed_at, created_at, updated_at)
         select '${prefix}' || i, '${TENANT}', ${userSql}, q._id, q.sub_topic_id, 'COMPLETED', 0, (i * 7) % 11, 10, 0,
                ${now} - i * ${Math.round(DAY / 10)}, ${now} - i * ${Math.round(DAY / 10)} - 600000, ${now}
         from n join q on q.k = i % (select count(*) from q)`,
      )
      .run();
  await attempts(`'${SAM}'`, ATTEMPTS, 'bench_sam_attempt_');
  await attempts(`'bench_student_' || (i % ${OTHERS})`, OTHERS * OTHER_ATTEMPTS, 'bench_other_attempt_');
  await raw
    .prepare(
      `${count(LESSONS)} insert into sections (_id, tenant_id, course_id, sorting_key, kind, title, created_by, created_at, updated_at)
       select 'bench_section_' || i, '${TENANT}', 'course_igcse_maths_theo', 100000 + i, 'TEAMS', 'Bench lesson ' || i, 'user_admin', ${now}, ${now} from n`,
    )
    .run();
  await raw
    .prepare(
      `${count(LESSONS)} insert into lesson_history (_id, tenant_id, event_id, section_id, course_id, student_id, tutor_id, start, end, duration,
         lesson_type, payment_type, subject, curriculum, grade, student_join_time, student_seconds_in_room, class_timing_status, student_timing_status,
         rate_explanation, closed_by, closed_at, created_at, updated_at)
       select 'bench_history_' || i, '${TENANT}', lower(hex(randomblob(16))), 'bench_section_' || i, 'course_igcse_maths_theo', '${SAM}', 'user_tutor',
         ${now} - i * ${DAY}, ${now} - i * ${DAY} + 3600000, 60, 'LESSON', 'CREDIT', case i % 3 when 0 then 'Physics' else 'Mathematics' end,
         'Cambridge IGCSE', 'Grade 10', case when i % 10 = 0 then null else ${now} - i * ${DAY} end, case when i % 10 = 0 then 0 else 3300 end,
         'On Time', 'On Time', 'Bench', 'JOB', ${now}, ${now}, ${now}
       from n`,
    )
    .run();
  return { raw, dispose: () => proxy.dispose() };
}

const started = performance.now();
const data = await prepare();
console.log(
  `Sam: ${ATTEMPTS.toLocaleString('en')} finished attempts and ${LESSONS} lessons, beside ${(OTHERS * OTHER_ATTEMPTS).toLocaleString('en')} attempts of ${OTHERS} others; seeded in ${((performance.now() - started) / 1000).toFixed(1)} s, Node ${process.version}`,
);
try {
  const worker: Worker = {
    ...(await load<Pick<Worker, 'scopedDb'>>('worker/lib/tenant-db.ts')),
    ...(await load<Pick<Worker, 'learnerProgress' | 'subjectProgress'>>('worker/lib/progress/compute.ts')),
    ...(await load<Pick<Worker, 'app'>>('worker/app.ts')),
  };
  const counted = (t: Tally) => {
    const db = drizzle(countingD1(data.raw, t) as unknown as Binding);
    return { db, tdb: worker.scopedDb(db, TENANT) };
  };
  const learner = { _id: SAM, firstname: DEMO_USERS.student.firstname, lastname: DEMO_USERS.student.lastname };

  /** The naive progress: every row of his read, then added up in JS the way compute.ts defines it. */
  async function naive(t: Tally): Promise<SubjectNumbers[]> {
    const { db } = counted(t);
    const mine = await db
      .select()
      .from(submissions)
      .where(and(eq(submissions.tenantId, TENANT), eq(submissions.userId, SAM)))
      .all();
    const finished = mine.filter((s) => s.status === 'COMPLETED');
    const quizRows = await db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenantId, TENANT), inArray(quizzes._id, [...new Set(finished.map((s) => s.quizId))])))
      .all();
    const [topicRows, subTopicRows, subjectRows, curriculumRows, lessons] = await Promise.all([
      db.select().from(topics).where(eq(topics.tenantId, TENANT)).all(),
      db.select().from(subTopics).where(eq(subTopics.tenantId, TENANT)).all(),
      db.select().from(subjects).where(eq(subjects.tenantId, TENANT)).all(),
      db.select().from(curricula).where(eq(curricula.tenantId, TENANT)).all(),
      db
        .select()
        .from(lessonHistory)
        .where(and(eq(lessonHistory.tenantId, TENANT), eq(lessonHistory.studentId, SAM)))
        .all(),
    ]);
    const quizOf = new Map(quizRows.map((q) => [q._id, q]));
    const topicOf = new Map(topicRows.map((tp) => [tp._id, tp]));
    const bySubject = new Map<string, { attempts: number; score: number; max: number; subs: Map<string, { score: number; max: number }> }>();
    for (const s of finished) {
      const quiz = quizOf.get(s.quizId)!;
      const subjectId = topicOf.get(quiz.topicId)!.subjectId;
      const e = bySubject.get(subjectId) ?? { attempts: 0, score: 0, max: 0, subs: new Map() };
      e.attempts += 1;
      e.score += s.score ?? 0;
      e.max += s.maxScore ?? 0;
      const sub = s.subTopicId ?? quiz.subTopicId;
      if (sub) {
        const m = e.subs.get(sub) ?? { score: 0, max: 0 };
        m.score += s.score ?? 0;
        m.max += s.maxScore ?? 0;
        e.subs.set(sub, m);
      }
      bySubject.set(subjectId, e);
    }
    const curriculumName = new Map(curriculumRows.map((c) => [c._id, c.name]));
    const result: SubjectNumbers[] = [];
    for (const subject of subjectRows) {
      const e = bySubject.get(subject._id);
      const own = lessons.filter((l) => l.subject === subject.name && l.curriculum === curriculumName.get(subject.curriculumId));
      if (!e && own.length === 0) continue;
      const total = subTopicRows.filter((st) => topicOf.get(st.topicId)?.subjectId === subject._id).length;
      const mastered = [...(e?.subs.values() ?? [])].reduce((n, m) => n + percentOf(m.score, m.max), 0);
      const scorePercent = e ? percentOf(e.score, e.max) : null;
      result.push({
        subjectId: subject._id,
        attempts: e?.attempts ?? 0,
        scorePercent,
        percent: total > 0 ? Math.round(mastered / Math.max(total, e?.subs.size ?? 0)) : (scorePercent ?? 0),
        lessons: own.length,
        lessonsAttended: own.filter((l) => l.studentJoinTime).length,
      });
    }
    return result;
  }
  const ours = async (t: Tally) => (await worker.learnerProgress(counted(t).tdb, learner)).subjects;

  const summary = (list: SubjectNumbers[]) =>
    JSON.stringify(
      list
        .map((s) => [s.subjectId, s.attempts, s.scorePercent, s.percent, s.lessons, s.lessonsAttended])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  const oursT = tally();
  const peerT = tally();
  const first = await ours(oursT);
  const peerFirst = await naive(peerT);
  if (summary(first) !== summary(peerFirst)) throw new Error(`ours and the naive progress disagree: ${summary(first)} against ${summary(peerFirst)}`);
  if (first.reduce((n, s) => n + s.attempts, 0) !== ATTEMPTS) throw new Error('not every attempt was counted');

  for (let i = 0; i < WARMUP; i++) {
    await ours(tally());
    await naive(tally());
  }
  const oursMs: number[] = [];
  const peerMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    await ours(tally());
    oursMs.push(performance.now() - t0);
    t0 = performance.now();
    await naive(tally());
    peerMs.push(performance.now() - t0);
  }
  console.log(
    `\nSam's progress over ${first.length} subjects (${first.map((s) => `${s.subjectId.split('_').at(-1)} ${s.percent}%`).join(', ')}), ${ROUNDS} rounds`,
  );
  console.log(
    `  ours  grouped reads on covering indexes, as one statement       median ${ms(quantile(oursMs, 0.5))}  p95 ${ms(quantile(oursMs, 0.95))}  ${oursT.trips} round trips, ${oursT.statements.length} statements`,
  );
  console.log(
    `  peer  every row of his read, added up in JS                       median ${ms(quantile(peerMs, 0.5))}  p95 ${ms(quantile(peerMs, 0.95))}  ${peerT.trips} round trips, ${peerT.statements.length} statements`,
  );

  // One subject in depth: every topic and sub topic, the weeks and what to do next, in one batch.
  const maths = first.find((s) => s.subjectId.endsWith('_maths'))!.subjectId;
  const subjectT = tally();
  await worker.subjectProgress(counted(subjectT).tdb, learner, maths);
  const subjectMs: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const t0 = performance.now();
    await worker.subjectProgress(counted(tally()).tdb, learner, maths);
    if (i >= WARMUP) subjectMs.push(performance.now() - t0);
  }
  console.log(
    `  one subject in depth (getSubjectProgress)                        median ${ms(quantile(subjectMs, 0.5))}  p95 ${ms(quantile(subjectMs, 0.95))}  ${subjectT.trips} round trip(s)`,
  );

  // What one statement costs at all on this D1, on this machine, now: the floor under every number above.
  const floorMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await data.raw.prepare('select 1').all();
    floorMs.push(performance.now() - t0);
  }

  // The whole call through the router, as Sam's browser makes it.
  const env = { DB: data.raw, TOKEN_SECRET, APP_ENV: 'bench' };
  const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}), passThroughOnException: () => {}, props: {} };
  const signedIn = await worker.app.request(
    'http://localhost/api/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'studyhall-web',
        username: `login:${DEMO_USERS.student.email}`,
        password: DEMO_PASSWORD,
      }).toString(),
    },
    env,
    ctx as never,
  );
  if (signedIn.status !== 200) throw new Error(`Sam's sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  const token = ((await signedIn.json()) as { access_token: string }).access_token;
  const callT = tally();
  const call = async (t: Tally) => {
    const res = await worker.app.request(
      `http://localhost/api/progress/${SAM}`,
      { headers: { authorization: `Bearer ${token}` } },
      { ...env, DB: countingD1(data.raw, t) },
      ctx as never,
    );
    if (res.status !== 200) throw new Error(`GET /api/progress answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  await call(callT);
  const callMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await call(tally());
    callMs.push(performance.now() - t0);
  }
  console.log(
    `  whole GET /api/progress/:id as Sam                                median ${ms(quantile(callMs, 0.5))}  p95 ${ms(quantile(callMs, 0.95))}  ${callT.trips} round trips, sign-in checks included`,
  );

  console.log('');
  console.log(
    `ours/peer progress-p95 ${(quantile(oursMs, 0.95) / quantile(peerMs, 0.95)).toFixed(2)}  ` +
      `(ours median ${ms(quantile(oursMs, 0.5))} p95 ${ms(quantile(oursMs, 0.95))}; peer median ${ms(quantile(peerMs, 0.5))} p95 ${ms(quantile(peerMs, 0.95))})  (target: p95 ≤ 20 ms)`,
  );
  console.log(`ours/peer progress-median ${(quantile(oursMs, 0.5) / quantile(peerMs, 0.5)).toFixed(2)}`);
  console.log(`a trivial statement (select 1) through this D1 costs median ${ms(quantile(floorMs, 0.5))}: the floor every call pays here`);
  console.log(`progress whole-call p95 ${ms(quantile(callMs, 0.95))}, subject-in-depth p95 ${ms(quantile(subjectMs, 0.95))}  (target: ≤ 20 ms)`);
} finally {
  await data.dispose();
}
