import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { DEMO_PASSWORD } from '../../schema/seed';
import { lessonHistory } from '../../schema/tables';
import { countingD1, type D1Like, type Tally } from '../slots/counting-d1';
import { BASE, ledgerData, ROWS, STEP, TENANT } from './data';

/**
 * `npm run bench -- ledger`. 100,000 lesson history rows in a real local D1 (workerd through wrangler's platform
 * proxy), the Worker's own code run against it:
 *
 * 1. One page of the admin lesson history list with `tutorAmountData`: ours (worker/lib/ledger/history.ts: page, count
 *    and per-currency totals in one D1 batch) against the naive shape (the page, then the count, then a second full read
 *    of every matching row to total it in JS), rounds alternating, every D1 round trip counted at the binding. Filtered
 *    (a tutor, about a quarter, a subject) as the issue asks, and unfiltered (every row totalled). Then the whole HTTP
 *    call, sign-in checks included.
 * 2. The Completed CSV export of a tenth of the rows and of all of them: ours (a stream reading 500 rows a page by
 *    keyset) against all at once (every row in one read, one string), rounds alternating: its time, and the most
 *    memory it holds while it runs (JS heap and array buffers of this process, which runs the Worker's code; D1
 *    itself runs in workerd).
 */

type Binding = Parameters<typeof drizzle>[0];
const STATE = '.tmp/bench-ledger-state';
const WARMUP = 3;
const ROUNDS = 30;
const EXPORT_ROUNDS = 3;
const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef';
const TIMEZONE = 'Asia/Singapore';

// Memory held is only measured from a collected heap, collecting again at each point; and those many collections
// must not free the compiled code of functions that went unused meanwhile, or the heap shrinks under the export.
v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--no-flush-bytecode');
const gc = vm.runInNewContext('gc') as () => void;

interface HistoryList {
  docs: { _id: string }[];
  totalDocs: number;
  tutorAmountData?: { currency: string; amount: number; penalty: number; net: number; count: number }[];
}
interface ExportOptions {
  money: boolean;
  timezone: string;
}
interface Worker {
  scopedDb(db: unknown, tenantId: string): unknown;
  listHistory(tdb: unknown, viewer: { kind: 'admin' }, q: unknown, withTotals: boolean): Promise<HistoryList>;
  historyWhere(tdb: unknown, viewer: { kind: 'admin' }, q: unknown): SQL;
  joinedHistory(tdb: unknown): {
    where(w: SQL): { orderBy(...o: SQL[]): { limit(n: number): { offset(n: number): { all(): Promise<{ row: { _id: string } }[]> } } } };
  };
  lessonHistoryCsv(tdb: unknown, q: unknown, opts: ExportOptions): ReadableStream<Uint8Array>;
  lessonHistoryExportPages(tdb: unknown, q: unknown, opts: ExportOptions): { header: string[]; page(after: null, size: number): Promise<{ lines: string[] }> };
  historyTotalsColumns: Record<'currency' | 'amount' | 'penalty' | 'count', SQL.Aliased<unknown>>;
  csvLine(fields: string[]): string;
  CSV_BOM: string;
  adminLessonHistoryQuery: { parse(v: unknown): unknown };
  lessonHistoryExportQuery: { parse(v: unknown): unknown };
  app: { request(path: string, init: RequestInit, env: Record<string, unknown>, ctx?: never): Promise<Response> };
}
// The Worker's modules are loaded at run time: they are typed for workerd, and the bench needs only the calls above.
const load = async <T>(path: string) => (await import(pathToFileURL(path).href)) as T;

type Statement = ReturnType<D1Like['prepare']>;
/** A binding that reports each D1 answer as it arrives, while its rows are still held; enough for an export's reads. */
function reporting(db: D1Like, sample: () => void): Pick<D1Like, 'prepare'> {
  const arrived = <T>(answer: T) => {
    sample();
    return answer;
  };
  const wrap = (stmt: Statement): Statement => ({
    bind: (...values) => wrap(stmt.bind(...values)),
    first: (...args) => stmt.first(...args).then(arrived),
    all: () => stmt.all().then(arrived),
    run: () => stmt.run().then(arrived),
    raw: (...args) => stmt.raw(...args).then(arrived),
  });
  return { prepare: (sql) => wrap(db.prepare(sql)) };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const thousands = (rows: number) => (rows >= 1000 ? `${rows / 1000}k` : String(rows));
const tally = (): Tally => ({ trips: 0, statements: [] });

const started = performance.now();
const data = await ledgerData(STATE);
console.log(`${ROWS.toLocaleString('en')} history rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s, Node ${process.version}`);
try {
  const worker: Worker = {
    ...(await load<Pick<Worker, 'scopedDb'>>('worker/lib/tenant-db.ts')),
    ...(await load<Pick<Worker, 'listHistory' | 'historyWhere' | 'joinedHistory'>>('worker/lib/ledger/history.ts')),
    ...(await load<Pick<Worker, 'lessonHistoryCsv' | 'lessonHistoryExportPages'>>('worker/lib/ledger/exports.ts')),
    ...(await load<Pick<Worker, 'historyTotalsColumns'>>('worker/lib/ledger/amounts.ts')),
    ...(await load<Pick<Worker, 'csvLine' | 'CSV_BOM'>>('worker/lib/ledger/csv.ts')),
    ...(await load<Pick<Worker, 'adminLessonHistoryQuery' | 'lessonHistoryExportQuery'>>('schema/contracts/lesson-history.ts')),
    ...(await load<Pick<Worker, 'app'>>('worker/app.ts')),
  };
  const counted = (t: Tally) => {
    const db = drizzle(countingD1(data.raw, t) as unknown as Binding);
    return { db, tdb: worker.scopedDb(db, TENANT) };
  };

  /** The naive page: the page, then its count, then every matching row read again and totalled in JS. */
  async function naivePage(t: Tally, q: Record<string, unknown>): Promise<HistoryList> {
    const { db, tdb } = counted(t);
    const parsed = worker.adminLessonHistoryQuery.parse(q) as { limit: number; offset: number };
    const where = worker.historyWhere(tdb, { kind: 'admin' }, parsed);
    const page = await worker
      .joinedHistory(tdb)
      .where(where)
      .orderBy(desc(lessonHistory.start), desc(lessonHistory._id))
      .limit(parsed.limit)
      .offset(parsed.offset)
      .all();
    const [total] = await db.select({ n: count() }).from(lessonHistory).where(where).all();
    const all = await db
      .select({
        currency: lessonHistory.tutorAmountCurrency,
        allocated: lessonHistory.allocatedTutorAmount,
        extension: lessonHistory.lessonExtensionTutorAmount,
        penalty: lessonHistory.tutorPenaltyAmount,
      })
      .from(lessonHistory)
      .where(and(where, isNotNull(lessonHistory.tutorAmountCurrency)))
      .all();
    const by = new Map<string, { currency: string; amount: number; penalty: number; net: number; count: number }>();
    for (const r of all) {
      const e = by.get(r.currency!) ?? { currency: r.currency!, amount: 0, penalty: 0, net: 0, count: 0 };
      e.amount += (r.allocated ?? 0) + r.extension;
      e.penalty += r.penalty;
      e.net = e.amount - e.penalty;
      e.count += 1;
      by.set(r.currency!, e);
    }
    return {
      docs: page.map((j) => j.row),
      totalDocs: total?.n ?? 0,
      tutorAmountData: [...by.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    };
  }
  const oursPage = (t: Tally, q: Record<string, unknown>) =>
    worker.listHistory(counted(t).tdb, { kind: 'admin' }, worker.adminLessonHistoryQuery.parse(q), true);

  const day = (row: number) => new Date(BASE + Math.floor(row) * STEP).toISOString().slice(0, 10);
  // 13% of the rows: about 90 days at 100,000 rows, whatever BENCH_LEDGER_ROWS is.
  const filtered = { tutorId: 'bench_tutor_3', startDate: day(ROWS * 0.2), endDate: day(ROWS * 0.33), subject: 'Mathematics' };
  const scenarios = [
    { key: 'ledger-page', name: `filtered (one tutor, ${filtered.startDate} to ${filtered.endDate}, one subject)`, q: filtered },
    { key: 'ledger-page-unfiltered', name: 'unfiltered (every row totalled)', q: {} },
  ];
  const summary: string[] = [];
  for (const { key, name, q } of scenarios) {
    const oursT = tally();
    const peerT = tally();
    const ours = await oursPage(oursT, q);
    const peer = await naivePage(peerT, q);
    const same = (list: HistoryList) => JSON.stringify([list.docs.map((d) => d._id), list.totalDocs, list.tutorAmountData]);
    if (same(ours) !== same(peer)) throw new Error(`ours and the naive page disagree: ${same(ours)} against ${same(peer)}`);
    for (let i = 0; i < WARMUP; i++) {
      await oursPage(tally(), q);
      await naivePage(tally(), q);
    }
    const oursMs: number[] = [];
    const peerMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now();
      await oursPage(tally(), q);
      oursMs.push(performance.now() - t0);
      t0 = performance.now();
      await naivePage(tally(), q);
      peerMs.push(performance.now() - t0);
    }
    console.log(
      `\nlesson history page, ${name}: ${ours.totalDocs.toLocaleString('en')} matching rows, totals in ${ours.tutorAmountData!.map((t) => t.currency).join(', ')}, ${ROUNDS} rounds`,
    );
    console.log(
      `  ours  page + count + totals, one D1 batch        median ${ms(quantile(oursMs, 0.5))}  p95 ${ms(quantile(oursMs, 0.95))}  ${oursT.trips} round trip(s), ${oursT.statements.length} statements`,
    );
    console.log(
      `  peer  page, count, then a full read to total     median ${ms(quantile(peerMs, 0.5))}  p95 ${ms(quantile(peerMs, 0.95))}  ${peerT.trips} round trips, ${peerT.statements.length} statements`,
    );
    summary.push(
      `ours/peer ${key}-p95 ${(quantile(oursMs, 0.95) / quantile(peerMs, 0.95)).toFixed(2)}  ` +
        `(ours median ${ms(quantile(oursMs, 0.5))} p95 ${ms(quantile(oursMs, 0.95))} ${oursT.trips} round trip(s); ` +
        `peer median ${ms(quantile(peerMs, 0.5))} p95 ${ms(quantile(peerMs, 0.95))} ${peerT.trips} round trips)` +
        (key === 'ledger-page' ? '  (target: p95 ≤ 50 ms, one D1 batch)' : ''),
    );
  }

  // Why history queries are bounded on start with no start date: the same totals on the tenant alone, as before.
  const { db, tdb } = counted(tally());
  const totalsOver = (where: SQL) =>
    db
      .select(worker.historyTotalsColumns)
      .from(lessonHistory)
      .where(and(where, isNotNull(lessonHistory.tutorAmountCurrency)))
      .groupBy(lessonHistory.tutorAmountCurrency)
      .all();
  const bounded = worker.historyWhere(tdb, { kind: 'admin' }, {});
  const tenantOnly = eq(lessonHistory.tenantId, TENANT);
  const boundedMs: number[] = [];
  const tenantMs: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS / 3; i++) {
    let t0 = performance.now();
    await totalsOver(bounded);
    if (i >= WARMUP) boundedMs.push(performance.now() - t0);
    t0 = performance.now();
    await totalsOver(tenantOnly);
    if (i >= WARMUP) tenantMs.push(performance.now() - t0);
  }
  console.log(
    `  totals of every row alone: bounded on start (start index) median ${ms(quantile(boundedMs, 0.5))}, ` +
      `on the tenant alone as before (event id index, random order) median ${ms(quantile(tenantMs, 0.5))}`,
  );

  // The whole call through the router, as the admin's browser makes it.
  const env = { DB: data.raw, TOKEN_SECRET, APP_ENV: 'bench' };
  // Sign-in sends its warning mail after answering, through the execution context.
  const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}), passThroughOnException: () => {}, props: {} };
  const signedIn = await worker.app.request(
    'http://localhost/api/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'studyhall-web',
        username: 'login:admin@studyhall.test',
        password: DEMO_PASSWORD,
      }).toString(),
    },
    env,
    ctx as never,
  );
  if (signedIn.status !== 200) throw new Error(`admin sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  const token = ((await signedIn.json()) as { access_token: string }).access_token;
  const path = `/api/admin/lesson-history?${new URLSearchParams({ ...filtered, includeTutorAmountData: '1' })}`;
  const call = async (t: Tally) => {
    const res = await worker.app.request(
      `http://localhost${path}`,
      { headers: { authorization: `Bearer ${token}` } },
      { ...env, DB: countingD1(data.raw, t) },
      ctx as never,
    );
    if (res.status !== 200) throw new Error(`the list answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const callT = tally();
  await call(callT);
  const callMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await call(tally());
    callMs.push(performance.now() - t0);
  }
  const middleware = callT.statements.filter((s) => /from "(tenants|sessions|users|roles)"/.test(s)).length;
  console.log(
    `  whole GET /api/admin/lesson-history (filtered): median ${ms(quantile(callMs, 0.5))} p95 ${ms(quantile(callMs, 0.95))}, ${callT.trips} D1 round trips / ${callT.statements.length} statements, ` +
      `of which ${middleware} are the tenant, session and permission checks every admin call makes`,
  );

  type ExportRun = (tdb: unknown, sample: () => void) => Promise<number>;
  /** The wall time of an export, from a collected heap. */
  async function timed(run: ExportRun, t: Tally) {
    gc();
    const t0 = performance.now();
    const bytes = await run(counted(t).tdb, () => {});
    return { time: performance.now() - t0, bytes };
  }
  /**
   * The most memory an export holds: measured as each D1 answer arrives (its rows not yet let go) and at each point
   * the export reports, collecting first so that only what it still holds counts, never garbage a later collection
   * would free. A pass of its own, since collecting that often would slow the timed one.
   */
  async function held(run: ExportRun) {
    const used = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const base = used();
    let peak = 0;
    const sample = () => {
      peak = Math.max(peak, used() - base);
    };
    await run(worker.scopedDb(drizzle(reporting(data.raw, sample) as unknown as Binding), TENANT), sample);
    return peak;
  }
  const options = { money: true, timezone: TIMEZONE };
  const at = (row: number) => new Date(BASE + row * STEP).toISOString();
  const exportQuery = (rows: number) => worker.lessonHistoryExportQuery.parse({ startDate: at(0), endDate: at(rows - 1) });
  /** Ours: the route's stream, read chunk by chunk as a download reads it. */
  const oursExport =
    (rows: number): ExportRun =>
    async (tdb, sample) => {
      const reader = worker.lessonHistoryCsv(tdb, exportQuery(rows), options).getReader();
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        sample();
      }
      return bytes;
    };
  /** All at once: the same query and lines, every row in one read and the whole file in one string before it is sent. */
  const peerExport =
    (rows: number): ExportRun =>
    async (tdb, sample) => {
      const { header, page } = worker.lessonHistoryExportPages(tdb, exportQuery(rows), options);
      const { lines } = await page(null, ROWS + 1);
      sample();
      const body = new TextEncoder().encode(worker.CSV_BOM + worker.csvLine(header) + lines.join(''));
      sample();
      return body.byteLength;
    };
  const memory: string[] = [];
  await timed(oursExport(Math.min(ROWS, 1000)), tally());
  for (const rows of [ROWS / 10, ROWS]) {
    const oursT = tally();
    const peerT = tally();
    const oursMs: number[] = [];
    const peerMs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < EXPORT_ROUNDS; i++) {
      const ours = await timed(oursExport(rows), i === 0 ? oursT : tally());
      const peer = await timed(peerExport(rows), i === 0 ? peerT : tally());
      if (ours.bytes !== peer.bytes) throw new Error(`the streamed export wrote ${ours.bytes} bytes, all at once ${peer.bytes}`);
      oursMs.push(ours.time);
      peerMs.push(peer.time);
      bytes = ours.bytes;
    }
    const oursTime = quantile(oursMs, 0.5);
    const peerTime = quantile(peerMs, 0.5);
    const oursHeld = await held(oursExport(rows));
    const peerHeld = await held(peerExport(rows));
    console.log(`\nCompleted CSV export of ${rows.toLocaleString('en')} rows (${mb(bytes)} of CSV), median of ${EXPORT_ROUNDS} rounds`);
    console.log(
      `  ours  stream, 500 rows a page by (start, _id)   ${(oursTime / 1000).toFixed(2)} s  peak memory held +${mb(oursHeld)}  ${oursT.trips} round trips`,
    );
    console.log(
      `  peer  every row in one read, one string         ${(peerTime / 1000).toFixed(2)} s  peak memory held +${mb(peerHeld)}  ${peerT.trips} round trip`,
    );
    memory.push(`${thousands(rows)} rows +${mb(oursHeld)} (peer +${mb(peerHeld)})`);
    if (rows === ROWS) {
      summary.push(
        `ours/peer ledger-export-time ${(oursTime / peerTime).toFixed(2)}  (${thousands(rows)} rows: ours ${(oursTime / 1000).toFixed(2)} s, peer ${(peerTime / 1000).toFixed(2)} s)`,
      );
      summary.push(`ours/peer ledger-export-peak-memory ${(oursHeld / peerHeld).toFixed(2)}`);
    }
  }
  summary.push(`ledger-export peak memory ${memory.join(', ')}  (target: flat as rows grow)`);
  console.log('');
  for (const line of summary) console.log(line);
} finally {
  await data.dispose();
}
