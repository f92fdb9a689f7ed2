import { env } from 'cloudflare:workers';
import { TZDate } from '@date-fns/tz';
import { format, parse } from 'date-fns';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { lessonHistoryExportQuery } from '../../schema/contracts/lesson-history';
import { lessonHistory, meetingRequests, users } from '../../schema/tables';
import { exportDates, exportHours, lessonHistoryCsv } from '../../worker/lib/ledger/exports';
import { scopedDb } from '../../worker/lib/tenant-db';
import { expectFieldError, signIn } from '../helpers/auth';
import { call, closedLesson, type LedgerCallers, MATHS, MAYA, PHYSICS, SAM, seedLedgerWorld, T, THEO, TIA } from '../helpers/ledger';
import { db } from '../helpers/seed';

type Row = typeof lessonHistory.$inferSelect;

let as: LedgerCallers;
let one: Row;
let group: Row[];
let tias: Row;

const MONEY_HEADERS = ['Tutor rate (per hour)', 'Amount', 'Penalty', 'Net amount', 'Payment status'];

/** Reads a CSV answer chunk by chunk, as a browser's download does. */
async function download(res: Response) {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  const reader = res.body!.getReader();
  // ignoreBOM keeps the byte order mark in the text, so the test sees it was sent.
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  const [header, ...lines] = parsed.data;
  const records = lines.map((line) => Object.fromEntries(header!.map((h, i) => [h, line[i]!])));
  return { header: header!, records, chunks, text };
}

const exportOf = (token: string, query = '') => call('GET', `/admin/lesson-history/export.csv${query}`, token);

beforeAll(async () => {
  as = await seedLedgerWorld();
  [one] = (await closedLesson({ ago: 200, students: [SAM] })).rows as [Row];
  group = (await closedLesson({ ago: 400, students: [SAM, MAYA], courseId: PHYSICS })).rows;
  [tias] = (await closedLesson({ ago: 600, tutor: TIA, students: [MAYA], lessonKind: 'TRIAL', duration: 45 })).rows as [Row];
  await db.update(users).set({ country: 'MY' }).where(eq(users._id, MAYA));
  await json(
    await call('PUT', '/lesson-history/tutor-penalty', as.admin, { lessonHistoryId: one._id, tutorPenaltyAmount: 550, tutorPenaltyReason: 'Late start' }),
  );
  await db.insert(meetingRequests).values([
    {
      tenantId: T,
      sectionId: one.sectionId,
      courseId: MATHS,
      type: 'RESCHEDULE',
      status: 'APPROVED',
      requestedBy: SAM,
      requestedByRole: 'STUDENT',
      start: one.start,
      newStart: new Date(one.start.getTime() + 24 * 60 * 60_000),
      tutorIds: [THEO],
      studentIds: [SAM],
      reason: 'School trip, "Day 2"',
      policyVersion: 1,
      penalty: true,
      penaltyAmount: 1500,
      penaltyReason: 'Less than 24 hours before the lesson: 50% of SGD 30.00',
      tutorAmount: 3000,
      tutorAmountCurrency: 'SGD',
    },
    {
      tenantId: T,
      sectionId: group[0]!.sectionId,
      courseId: PHYSICS,
      type: 'CANCEL',
      requestedBy: THEO,
      requestedByRole: 'TUTOR',
      start: group[0]!.start,
      tutorIds: [THEO],
      studentIds: [SAM, MAYA],
      reason: '=HYPERLINK("http://evil")',
      policyVersion: 1,
    },
  ]);
}, 60_000);

const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe('happy', () => {
  it('streams the Completed export as an attachment with every column, in the time zone asked for', async () => {
    const res = await exportOf(as.admin, '?timezone=Asia/Singapore');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lesson-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('content-length')).toBeNull();
    const { header, records, chunks } = await download(res);
    expect(chunks).toBeGreaterThanOrEqual(2);
    expect(header).toEqual([
      'Reference key',
      'Date and time',
      'Duration (hours)',
      'Students',
      'Tutors',
      'Lesson type',
      'Payment type',
      'Course',
      'Subject',
      'Curriculum',
      'Grade',
      'Tutor join time',
      'Student join time',
      'Tutor timing',
      'Student timing',
      'Student countries',
      ...MONEY_HEADERS.slice(0, 4),
      'Payment status',
      'Trial status',
    ]);
    const all = await db.select().from(lessonHistory).where(eq(lessonHistory.tenantId, T)).all();
    expect(records).toHaveLength(all.length);
    const line = records.find((r) => r['Reference key'] === one.eventId.slice(0, 8))!;
    expect(line).toMatchObject({
      'Date and time': format(new TZDate(one.start.getTime(), 'Asia/Singapore'), 'yyyy-MM-dd hh:mm a'),
      'Duration (hours)': '1.00',
      Students: 'Sam Student',
      Tutors: 'Theo Tutor',
      'Lesson type': 'LESSON',
      Subject: 'Mathematics',
      'Tutor timing': 'On Time',
      'Tutor rate (per hour)': 'SGD 30.00',
      Amount: 'SGD 30.00',
      Penalty: 'SGD 5.50',
      'Net amount': 'SGD 24.50',
      'Payment status': 'PROCESSING',
      'Trial status': '',
    });
    expect(line['Date and time']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM)$/);
    const trial = records.find((r) => r['Reference key'] === tias.eventId.slice(0, 8))!;
    expect(trial).toMatchObject({ 'Duration (hours)': '0.75', Tutors: 'Tia Tutor', 'Student countries': 'MY', 'Trial status': 'PENDING', Amount: 'SGD 22.50' });
    const groupLines = records.filter((r) => r['Reference key'] === group[0]!.eventId.slice(0, 8));
    expect(groupLines.map((r) => r.Amount)).toEqual(['SGD 5.00', 'SGD 5.00']);
  });

  it('applies the list filters, oldest lesson first', async () => {
    const { records } = await download(await exportOf(as.admin, `?tutorId=${TIA}`));
    expect(records.map((r) => r['Reference key'])).toEqual([tias.eventId.slice(0, 8)]);
    const theo = await download(await exportOf(as.admin, `?tutorId=${THEO}&startDate=${one.start.toISOString().slice(0, 10)}`));
    // Read back as times: the 12-hour text does not sort as text ("12:08 AM" comes before "03:28 AM").
    const times = theo.records.map((r) => parse(r['Date and time']!, 'yyyy-MM-dd hh:mm a', new Date()).getTime());
    expect(theo.records.length).toBeGreaterThan(0);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('reads D1 page by page by (start, id): every row once, lessons sharing a start included', async () => {
    const tdb = scopedDb(databaseFor(env.DB), T);
    const q = lessonHistoryExportQuery.parse({});
    const whole = await new Response(lessonHistoryCsv(tdb, q, { money: true, timezone: 'UTC' })).text();
    for (const pageSize of [1, 2, 3]) {
      const paged = await new Response(lessonHistoryCsv(tdb, q, { money: true, timezone: 'UTC', pageSize })).text();
      expect(paged).toBe(whole);
    }
    expect(exportHours(50)).toBe('0.83');
    expect(exportHours(5)).toBe('0.08');
    expect(exportHours(180)).toBe('3.00');
  });

  it('writes every date as date-fns would, across zones, DST changes, midnight and noon, with one formatter an export', () => {
    const spec = (ms: number, zone: string) => format(new TZDate(ms, zone), 'yyyy-MM-dd hh:mm a');
    const zones = ['Asia/Singapore', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];
    const formatters = new Map(zones.map((zone) => [zone, exportDates(zone)]));
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2060-01-01') }), (zone, ms) => {
        expect(formatters.get(zone)!(ms)).toBe(spec(ms, zone));
      }),
      { numRuns: 2000, seed: 30 },
    );
    // Every 15 minutes around a spring-forward and a fall-back (Lord Howe moves half an hour), through midnight and noon.
    for (const [zone, change] of [
      ['Europe/London', '2026-03-29T01:00:00Z'],
      ['Europe/London', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ] as const) {
      const date = formatters.get(zone)!;
      for (let quarter = -56; quarter <= 56; quarter++) {
        const ms = Date.parse(change) + quarter * 15 * 60_000;
        expect(date(ms)).toBe(spec(ms, zone));
        expect(date(new Date(ms))).toBe(spec(ms, zone));
      }
    }
    expect(formatters.get('UTC')!(Date.parse('2026-03-05T00:05:00Z'))).toBe('2026-03-05 12:05 AM');
    expect(formatters.get('UTC')!(Date.parse('2026-03-05T12:30:00Z'))).toBe('2026-03-05 12:30 PM');
    expect(formatters.get('UTC')!(null)).toBe('');
  });

  it('leaves the tutor-money columns out for an admin who may export but not view the list', async () => {
    const exporter = await signIn('export-only@studyhall.test');
    const { header, records } = await download(await exportOf(exporter));
    for (const money of MONEY_HEADERS) expect(header).not.toContain(money);
    expect(records.length).toBeGreaterThan(0);
    expect(JSON.stringify(records)).not.toContain('SGD');
    const viewer = await signIn('export-view@studyhall.test');
    expect((await download(await exportOf(viewer))).header).toEqual(expect.arrayContaining(MONEY_HEADERS));
  });

  it('streams the reschedule-or-cancellation export with tutor columns for admins who may view requests', async () => {
    const res = await call('GET', '/admin/meeting-requests/export.csv?timezone=UTC', as.admin);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reschedule-or-cancellation-.*\.csv"$/);
    const { header, records, text } = await download(res);
    expect(header).toEqual(
      expect.arrayContaining(['Reference key', 'Date and time', 'New date and time', 'Students', 'Tutors', 'Tutor amount', 'Penalty', 'Payment status']),
    );
    expect(records).toHaveLength(2);
    // Oldest lesson first: the group lesson (cancelled) began before the one-to-one (rescheduled).
    const [cancel, reschedule] = records;
    expect(reschedule).toMatchObject({
      'Request type': 'RESCHEDULE',
      Status: 'APPROVED',
      'Requested by': 'STUDENT',
      Students: 'Sam Student',
      Tutors: 'Theo Tutor',
      'Lesson type': 'LESSON',
      'Payment type': 'CREDIT',
      Reason: 'School trip, "Day 2"',
      'Tutor amount': 'SGD 30.00',
      Penalty: 'SGD 15.00',
      'Payment status': 'PROCESSING',
      'Date and time': format(new TZDate(one.start.getTime(), 'UTC'), 'yyyy-MM-dd hh:mm a'),
    });
    expect(cancel).toMatchObject({
      Students: 'Sam Student; Maya Student',
      'Student countries': expect.stringContaining('MY'),
      Reason: `'=HYPERLINK("http://evil")`,
    });
    // The quoted field keeps its comma and doubled quotes on the wire.
    expect(text).toContain('"School trip, ""Day 2"""');
    const filtered = await download(await call('GET', '/admin/meeting-requests/export.csv?type=CANCEL&statuses=PENDING', as.admin));
    expect(filtered.records.map((r) => r['Request type'])).toEqual(['CANCEL']);
    const narrow = await download(await call('GET', '/admin/meeting-requests/export.csv', await signIn('export-view@studyhall.test')));
    for (const money of ['Tutor amount', 'Penalty', 'Payment status']) expect(narrow.header).not.toContain(money);
  });
});

describe('errors', () => {
  it('answers bad filters with 400 naming the field', async () => {
    await expectFieldError(await exportOf(as.admin, '?timezone=Mars/Base'), 'timezone');
    await expectFieldError(await exportOf(as.admin, '?startDate=2030-02-30'), 'startDate');
    await expectFieldError(await exportOf(as.admin, '?startDate=2030-02-02&endDate=2030-02-01'), 'endDate');
    await expectFieldError(await exportOf(as.admin, '?tutorPaymentStatus=LATE'), 'tutorPaymentStatus');
    await expectFieldError(await call('GET', '/admin/meeting-requests/export.csv?statuses=PENDING,LOST', as.admin), 'statuses.1');
    await expectFieldError(await call('GET', '/admin/meeting-requests/export.csv?type=MOVE', as.admin), 'type');
  });
});

describe('permissions', () => {
  it('refuses a student, a parent, a tutor and an admin without export rights, and another tenant sees none of these rows', async () => {
    for (const token of [as.student, as.parent, as.tutor, as.maya]) {
      expect((await exportOf(token)).status).toBe(403);
      expect((await call('GET', '/admin/meeting-requests/export.csv', token)).status).toBe(403);
    }
    const partner = await download(await call('GET', '/admin/lesson-history/export.csv', as.partner, undefined, 'partner.localhost'));
    expect(partner.records).toEqual([]);
    const partnerRequests = await download(await call('GET', '/admin/meeting-requests/export.csv', as.partner, undefined, 'partner.localhost'));
    expect(partnerRequests.records).toEqual([]);
  });
});
