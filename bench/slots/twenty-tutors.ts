import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/d1';
import { getPlatformProxy } from 'wrangler';
import type { EffectiveBookingRules } from '../../schema/contracts/availability';
import { seed } from '../../schema/seed';
import { availabilityItems, courses, courseTutors, sectionAttendees, sections, userSubjects, users } from '../../schema/tables';
import { freeSlots, type Interval, type SlotItem } from '../../worker/lib/availability/slots';
import { countingD1, type D1Like, type Tally } from './counting-d1';

/**
 * Twenty tutors who teach the same subject, each with 25 lessons around the asked-for day, in a real local D1
 * (wrangler's platform proxy runs it in workerd). The worker modules are loaded at run time: they are typed for
 * workerd, and the bench only needs the few calls below.
 */

type Binding = Parameters<typeof drizzle>[0];
const STATE = '.tmp/bench-slots-state';
const TENANT = 'tenant_studyhall';
const TUTORS = 20;
const LESSONS_EACH = 25;
const ZONES = ['Asia/Singapore', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];
const SUBJECT = { curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 10' };
const DAY = 24 * 60 * 60_000;
export const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef';

interface Sources {
  items: (SlotItem & { userId: string })[];
  timeOff: { userId: string; start: string; end: string }[];
  rules: Map<string, EffectiveBookingRules>;
  lessons: Map<string, Interval[]>;
}
interface Worker {
  slotSources(tdb: unknown, tutorIds: string[], window: Interval): Promise<Sources>;
  tenantDb(c: { get(key: string): unknown }): unknown;
  app: { request(path: string, init: RequestInit, env: Record<string, unknown>): Promise<Response> };
}

const load = async <T>(path: string) => (await import(pathToFileURL(path).href)) as T;

export async function twentyTutorSetup() {
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
  const db = drizzle(proxy.env.DB);
  await seed(db);

  const date = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const tutorIds = Array.from({ length: TUTORS }, (_, i) => `bench_tutor_${i}`);
  const weekly = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
  const rows = tutorIds.flatMap((id, i) => {
    const courseId = `bench_course_${i}`;
    const lessons = Array.from({ length: LESSONS_EACH }, (_, n) => ({
      _id: `bench_lesson_${i}_${n}`,
      tenantId: TENANT,
      courseId,
      sortingKey: n,
      kind: 'ZOOM' as const,
      title: `Lesson ${n}`,
      start: new Date(dayStart - 2 * DAY + n * 4.5 * 60 * 60_000 + i * 15 * 60_000),
      duration: 60,
      lessonKind: 'LESSON' as const,
      createdBy: 'user_admin',
    }));
    return [
      db.insert(users).values({
        _id: id,
        tenantId: TENANT,
        role: 'TUTOR',
        firstname: `Tutor ${i}`,
        lastname: 'Bench',
        email: `bench${i}@studyhall.test`,
        timezone: ZONES[i % ZONES.length]!,
        onboarded: true,
      }),
      db.insert(userSubjects).values({ _id: `bench_subject_${i}`, tenantId: TENANT, userId: id, ...SUBJECT }),
      db
        .insert(availabilityItems)
        .values({ _id: `bench_item_${i}`, tenantId: TENANT, userId: id, status: 'ENABLE', timezone: ZONES[i % ZONES.length]!, weekly }),
      db.insert(courses).values({
        _id: courseId,
        tenantId: TENANT,
        title: `Chemistry ${i}`,
        kind: 'One-to-One',
        isOneToOne: true,
        status: 'ACTIVE',
        paymentType: 'CREDIT',
        ...SUBJECT,
        createdBy: 'user_admin',
      }),
      db
        .insert(courseTutors)
        .values({ _id: `bench_course_tutor_${i}`, tenantId: TENANT, courseId, userId: id, type: 'PRIMARY', tutorRoleId: `tutor_role_editor_${TENANT}` }),
      ...lessons.map((lesson) => db.insert(sections).values(lesson)),
      ...lessons.map((lesson) =>
        db.insert(sectionAttendees).values({ _id: `bench_attendee_${lesson._id}`, tenantId: TENANT, sectionId: lesson._id, userId: id, kind: 'TUTOR' }),
      ),
    ];
  });
  for (let i = 0; i < rows.length; i += 100) {
    const [first, ...rest] = rows.slice(i, i + 100);
    await db.batch([first!, ...rest]);
  }

  const worker = {
    ...(await load<Pick<Worker, 'slotSources'>>('worker/lib/availability/store.ts')),
    ...(await load<Pick<Worker, 'tenantDb'>>('worker/lib/tenant-db.ts')),
    ...(await load<Pick<Worker, 'app'>>('worker/app.ts')),
  };
  return { proxy, raw, worker, tutorIds, date, window: { start: dayStart - 2 * DAY, end: dayStart + 3 * DAY } };
}

export type Setup = Awaited<ReturnType<typeof twentyTutorSetup>>;

/** A request context with just what tenantDb reads, over a counting binding. */
function tenantContext(setup: Setup, tally: Tally) {
  const db = drizzle(countingD1(setup.raw, tally) as unknown as Binding);
  return setup.worker.tenantDb({ get: (key: string) => (key === 'db' ? db : { _id: TENANT }) });
}

function compute(setup: Setup, sources: Sources) {
  const now = Date.now();
  return setup.tutorIds.flatMap((id, i) =>
    freeSlots({
      items: sources.items.filter((item) => item.userId === id),
      lessons: sources.lessons.get(id) ?? [],
      timeOff: sources.timeOff.filter((t) => t.userId === id).map((t) => ({ start: Date.parse(t.start), end: Date.parse(t.end) })),
      rules: sources.rules.get(id)!,
      tutorTimezone: ZONES[i % ZONES.length]!,
      date: setup.date,
      viewerTimezone: 'Asia/Singapore',
      duration: 30,
      now,
    }),
  );
}

/** Ours: every tutor's sources in one batch, then the slots. */
export async function oursTwenty(setup: Setup, tally: Tally) {
  return compute(setup, await setup.worker.slotSources(tenantContext(setup, tally), setup.tutorIds, setup.window));
}

/** The peer: the common N+1 shape, the same reads issued tutor by tutor. */
export async function perTutorTwenty(setup: Setup, tally: Tally) {
  const tdb = tenantContext(setup, tally);
  const merged: Sources = { items: [], timeOff: [], rules: new Map(), lessons: new Map() };
  for (const id of setup.tutorIds) {
    const one = await setup.worker.slotSources(tdb, [id], setup.window);
    merged.items.push(...one.items);
    merged.timeOff.push(...one.timeOff);
    merged.rules.set(id, one.rules.get(id)!);
    merged.lessons.set(id, one.lessons.get(id) ?? []);
  }
  return compute(setup, merged);
}

/** The whole trial-slots call through the Worker's router, as a guest would make it. */
export async function trialRequest(setup: Setup, tally: Tally, token: string) {
  const env = { DB: countingD1(setup.raw, tally), TOKEN_SECRET, APP_ENV: 'bench' };
  const res = await setup.worker.app.request(
    'http://localhost/api/user-availability/slots/trial',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...SUBJECT, date: setup.date, timezone: 'Asia/Singapore' }),
    },
    env,
  );
  if (res.status !== 200) throw new Error(`trial slots answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as unknown[];
}

export async function guestToken(setup: Setup) {
  const env = { DB: setup.raw, TOKEN_SECRET, APP_ENV: 'bench' };
  const res = await setup.worker.app.request(
    'http://localhost/api/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'studyhall-web' }).toString(),
    },
    env,
  );
  if (res.status !== 200) throw new Error(`guest token answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const timed = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
};
