import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LessonHistoryTutorRecord, TutorAmountData } from '../../schema/contracts/lesson-history';
import type { MeetingRequestRecord } from '../../schema/contracts/meeting-requests';
import type { MyPay } from '../../schema/contracts/pay-runs';
import type { PenaltyWaiverRecord } from '../../schema/contracts/penalty-waivers';
import { monthIn, monthName, monthRange, shiftMonth } from '../../web/features/tutor-pay/month';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';
import { tutorLedgerRow } from './ledger-fixtures';

const ZONE = 'Asia/Singapore';
const TUTOR = user({
  _id: 'theo',
  firstname: 'Theo',
  lastname: 'Tutor',
  email: 'tutor@studyhall.test',
  role: { name: 'TUTOR', isGuest: false },
  timezone: ZONE,
});
/** The page is a lazy chunk; its first import can take a while on a loaded machine. */
const FIRST_PAINT = { timeout: 10_000 };

const row = (over: Partial<LessonHistoryTutorRecord> = {}) =>
  tutorLedgerRow({
    sectionId: 'section_maths_1',
    paymentType: 'CREDIT',
    tutorPenalty: true,
    tutorPenaltyAmount: 500,
    tutorPenaltyReason: 'Joined 4 minutes late',
    netTutorAmount: 3500,
    ...over,
  });

const ROWS = [
  row(),
  row({
    _id: 'h2',
    referenceKey: 'ffee0011',
    sectionId: 'section_physics_1',
    course: { _id: 'c2', title: 'IGCSE Physics group' },
    students: [{ _id: 'maya', firstname: 'Maya', lastname: 'Lee', country: 'MY' }],
    tutorAmountCurrency: 'MYR',
    tutorAmount: 11200,
    allocatedTutorAmount: 5600,
    netTutorAmount: 5600,
    tutorPenalty: false,
    tutorPenaltyAmount: 0,
    tutorPenaltyReason: null,
    classTimingStatus: 'On Time',
    tutorPaymentStatus: 'PAID',
    concernStatus: 'PENDING',
    concernNote: 'The lesson ran long',
  }),
];
const TOTALS: TutorAmountData[] = [
  { currency: 'MYR', amount: 5600, penalty: 0, net: 5600, count: 1 },
  { currency: 'SGD', amount: 4000, penalty: 500, net: 3500, count: 1 },
];

const myPay = (month: string, over: Partial<MyPay> = {}): MyPay => ({
  month,
  timezone: ZONE,
  periodStart: monthRange(month, ZONE).startDate,
  periodEnd: monthRange(month, ZONE).endDate,
  currencies: [
    { currency: 'MYR', lessons: 1, amount: 5600, penalty: 0, additions: 0, deductions: 0, net: 5600, processing: 0, paid: 5600 },
    { currency: 'SGD', lessons: 1, amount: 4000, penalty: 500, additions: 1000, deductions: 300, net: 4200, processing: 4200, paid: 0 },
  ],
  lessons: 2,
  openConcerns: 1,
  ...over,
});

const waiver = (over: Partial<PenaltyWaiverRecord> = {}): PenaltyWaiverRecord => ({
  _id: 'w1',
  createdAt: '2030-01-08T03:00:00.000Z',
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  startDate: '2030-01-07T01:00:00.000Z',
  endDate: '2030-01-07T02:00:00.000Z',
  tutor: { _id: 'theo', firstname: 'Theo', lastname: 'Tutor' },
  students: [{ _id: 'sam', firstname: 'Sam', lastname: 'Student' }],
  lessonType: 'LESSON',
  paymentType: 'CREDIT',
  amount: 300,
  currency: 'SGD',
  type: 'DEDUCTION',
  paymentStatus: 'PROCESSING',
  appealStatus: null,
  appealTutorNote: null,
  appealAdminNote: null,
  appealRespondedBy: null,
  lessonHistoryId: 'h1',
  meetingRequestId: null,
  manual: false,
  category: null,
  note: 'Lesson notes were not shared',
  payRunId: null,
  createdBy: 'admin',
  adminNotes: [],
  ...over,
});

const request: MeetingRequestRecord = {
  _id: 'r1',
  status: 'APPROVED',
  type: 'CANCEL',
  requestedByRole: 'TUTOR',
  requestedBy: { _id: 'theo', firstname: 'Theo', lastname: 'Tutor' },
  createdAt: '2030-01-05T00:00:00.000Z',
  start: '2030-01-06T01:00:00.000Z',
  newStart: null,
  section: { _id: 's9', title: 'Mathematics lesson 9' },
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  tutors: [{ _id: 'theo', firstname: 'Theo', lastname: 'Tutor' }],
  students: [{ _id: 'sam', firstname: 'Sam', lastname: 'Student' }],
  reason: 'Unwell',
  policyVersion: 1,
  penalty: true,
  penaltyAmount: 2000,
  penaltyCurrency: 'SGD',
  penaltyReason: 'less than 24 hours before the lesson: 50% of SGD 40.00',
  chargeable: true,
  tutorPaymentStatus: 'PROCESSING',
  respondedBy: null,
  respondedAt: null,
  responseNote: null,
};

interface Sent {
  pay: URLSearchParams[];
  lessons: URLSearchParams[];
  bodies: { url: string; body: unknown }[];
}

const list = <T,>(docs: T[], extra: Record<string, unknown> = {}) => json({ docs, totalDocs: docs.length, limit: 20, offset: 0, ...extra });

interface Setup {
  docs?: LessonHistoryTutorRecord[];
  waivers?: PenaltyWaiverRecord[];
  /** The lesson list answers this failure until it is cleared. */
  failure?: { lessons: string | null };
}

function open({ docs = ROWS, waivers = [waiver()], failure = { lessons: null } }: Setup = {}) {
  storeSession(TUTOR);
  const sent: Sent = { pay: [], lessons: [], bodies: [] };
  mockApi({
    ...signedInApi(TUTOR),
    'GET /api/lesson-history/my-pay': ({ url }) => {
      const q = new URL(url, 'http://x').searchParams;
      sent.pay.push(q);
      return json(docs.length ? myPay(q.get('month')!) : myPay(q.get('month')!, { currencies: [], lessons: 0, openConcerns: 0 }));
    },
    'GET /api/lesson-history': ({ url }) => {
      sent.lessons.push(new URL(url, 'http://x').searchParams);
      if (failure.lessons) return json({ message: failure.lessons, errors: [] }, 503);
      return list(docs, { tutorAmountData: docs.length ? TOTALS : [] });
    },
    'PUT /api/lesson-history/tutor-payments/raise-concern': ({ url, json: body }) => {
      sent.bodies.push({ url, body });
      const { note } = body as { note: string };
      return json({ message: 'Concern raised!', doc: row({ concernStatus: 'PENDING', concernNote: note }) });
    },
    'GET /api/penalty-waivers': () => list(waivers),
    'POST /api/penalty-waivers/w1/appeal': ({ url, json: body }) => {
      sent.bodies.push({ url, body });
      return json({ message: 'Penalty appeal request sent!', doc: waiver({ appealStatus: 'PENDING', appealTutorNote: (body as { note: string }).note }) });
    },
    'GET /api/meeting-requests': () =>
      list([request, { ...request, _id: 'r2', requestedByRole: 'STUDENT', requestedBy: { _id: 'sam', firstname: 'Sam', lastname: 'Student' } }]),
  });
  renderApp('/portal/my-pay');
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('month helpers', () => {
  it('bound a month by the tutor’s own midnights and name it in words', () => {
    expect(monthRange('2026-11', ZONE)).toEqual({ startDate: '2026-10-31T16:00:00.000Z', endDate: '2026-11-30T15:59:59.999Z' });
    expect(monthRange('2026-03', 'Europe/London')).toEqual({ startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-03-31T22:59:59.999Z' });
    expect(monthName('2026-11')).toBe('November 2026');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(monthIn(ZONE, Date.parse('2026-11-30T16:30:00Z'))).toBe('2026-12');
  });
});

describe('my lessons and pay', { timeout: 30_000 }, () => {
  it('shows the month’s pay per currency, each amount with its currency, and the counts', async () => {
    open();
    const cards = await screen.findAllByTestId('pay-currency', {}, FIRST_PAINT);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Earned in MYR, after penaltiesMYR 56.00');
    expect(cards[1]).toHaveTextContent('Earned in SGD, after penaltiesSGD 42.00');
    expect(cards[1]).toHaveTextContent('Still processingSGD 42.00');
    expect(cards[1]).toHaveTextContent('PaidSGD 0.00');
    expect(cards[1]).toHaveTextContent('PenaltiesSGD 5.00');
    expect(cards[1]).toHaveTextContent('AdditionsSGD 10.00');
    expect(cards[1]).toHaveTextContent('DeductionsSGD 3.00');
    expect(screen.getByTestId('pay-counts')).toHaveTextContent(`2 lessons in ${monthName(monthIn(ZONE))} · 1 open concern.`);
  });

  it('lists each lesson with its timing, attendance, pay, penalty and statuses, and opens how the pay was worked out', async () => {
    open();
    const rows = await screen.findAllByTestId('lesson-row', {}, FIRST_PAINT);
    const maths = rows[0]!;
    expect(maths).toHaveTextContent('IGCSE Mathematics');
    expect(maths).toHaveTextContent('Mon, 7 Jan 2030, 09:00 GMT+8');
    expect(maths).toHaveTextContent('Sam Student');
    expect(within(maths).getByTestId('lesson-pay')).toHaveTextContent('SGD 35.00');
    expect(maths).toHaveTextContent('After a penalty of SGD 5.00: Joined 4 minutes late');
    expect(maths).toHaveTextContent('Your timing: 4 Min Late');
    expect(maths).toHaveTextContent('Payment: Processing');
    const attendance = within(maths).getByTestId('attendance');
    expect(attendance).toHaveTextContent('You09:04–09:58, 54 min in the room');
    expect(attendance).toHaveTextContent('Sam Student08:58–09:58, 60 min in the room (On Time)');
    expect(within(maths).getByRole('link', { name: /^Lesson report/ })).toHaveAttribute('href', '/learning-portal/portal/lesson-reports/section_maths_1');
    expect(screen.getByTestId('lesson-totals')).toHaveTextContent('These 2 lessons pay MYR 56.00 and SGD 35.00 after penalties of SGD 5.00.');

    expect(within(maths).queryByTestId('rate-explanation')).not.toBeInTheDocument();
    await userEvent.click(within(maths).getByRole('button', { name: 'How this pay was worked out' }));
    expect(within(maths).getByTestId('rate-explanation')).toHaveTextContent('40.00 SGD/h × 60 min = 40.00 SGD');
    expect(maths).toHaveTextContent('Reference key: ab12cd34');

    const physics = rows[1]!;
    expect(physics).toHaveTextContent('MYR 56.00');
    expect(physics).toHaveTextContent('Payment: Paid');
    expect(physics).toHaveTextContent('Concern waiting');
    const raise = within(physics).getByRole('button', { name: /^Raise a concern/ });
    expect(raise).toBeDisabled();
    expect(raise).toHaveAccessibleDescription('Your concern about this lesson is waiting for an answer, so another cannot be raised yet.');
  });

  it('asks the API for the month before when the tutor goes back a month', async () => {
    const sent = open();
    await screen.findAllByTestId('lesson-row', {}, FIRST_PAINT);
    const thisMonth = monthIn(ZONE);
    const previous = shiftMonth(thisMonth, -1);
    expect(sent.pay[0]!.get('month')).toBe(thisMonth);
    expect(sent.pay[0]!.get('timezone')).toBe(ZONE);
    expect(screen.getByRole('button', { name: 'Next month: this is the current month' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: `Previous month, ${monthName(previous)}` }));
    expect(await screen.findByTestId('month-name')).toHaveTextContent(monthName(previous));
    await waitFor(() => expect(sent.pay.at(-1)!.get('month')).toBe(previous));
    await waitFor(() => expect(sent.lessons.at(-1)!.get('startDate')).toBe(monthRange(previous, ZONE).startDate));
    expect(sent.lessons.at(-1)!.get('endDate')).toBe(monthRange(previous, ZONE).endDate);
    expect(sent.lessons.at(-1)!.get('includeTutorAmountData')).toBe('1');
  });

  it('says in a sentence when the month has no lessons', async () => {
    open({ docs: [], waivers: [] });
    const month = monthName(monthIn(ZONE));
    expect(await screen.findByText(`No lessons in ${month} yet.`, {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Lessons appear here once they end.')).toBeInTheDocument();
    expect(screen.getByText(`Nothing earned in ${month} yet.`)).toBeInTheDocument();
    expect(screen.getByText(`No penalties or adjustments in ${month}.`)).toBeInTheDocument();
  });

  it('raises a concern with the lesson and the note, checked before it is sent, and shows it waiting', async () => {
    const sent = open();
    const u = userEvent.setup();
    const [maths] = await screen.findAllByTestId('lesson-row', {}, FIRST_PAINT);
    await u.click(within(maths!).getByRole('button', { name: /^Raise a concern/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise a concern' });
    await u.click(within(dialog).getByRole('button', { name: 'Send the concern' }));
    expect(await within(dialog).findByText('Your note is required.')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);

    await u.type(within(dialog).getByLabelText('What is wrong with this payment?'), 'I stayed 15 minutes longer');
    await u.click(within(dialog).getByRole('button', { name: 'Send the concern' }));
    expect(await screen.findByText('Concern raised!')).toBeInTheDocument();
    expect(sent.bodies).toEqual([
      { url: '/api/lesson-history/tutor-payments/raise-concern', body: { lessonHistoryId: 'h1', note: 'I stayed 15 minutes longer' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const updated = screen.getAllByTestId('lesson-row')[0]!;
    expect(updated).toHaveTextContent('Concern waiting');
    expect(within(updated).getByTestId('concern')).toHaveTextContent('Your concern: “I stayed 15 minutes longer.” An admin has not answered it yet.');
    expect(within(updated).getByRole('button', { name: /^Raise a concern/ })).toBeDisabled();
    await waitFor(() => expect(sent.pay).toHaveLength(2));
  });

  it('shows an admin’s answer to a concern', async () => {
    open({ docs: [row({ concernStatus: 'RESOLVED', concernNote: 'Ran long', concernDecision: 'APPROVED', concernResponse: 'Paid the extra minutes' })] });
    const [maths] = await screen.findAllByTestId('lesson-row', {}, FIRST_PAINT);
    expect(maths).toHaveTextContent('Concern resolved');
    expect(within(maths!).getByTestId('concern')).toHaveTextContent('Your concern: “Ran long.” Approved by an admin: “Paid the extra minutes.”');
    expect(within(maths!).getByRole('button', { name: /^Raise a concern/ })).toBeEnabled();
  });

  it('appeals a deduction with the tutor’s note and shows the appeal waiting', async () => {
    const sent = open();
    const u = userEvent.setup();
    const entry = await screen.findByTestId('waiver', {}, FIRST_PAINT);
    expect(entry).toHaveTextContent('SGD 3.00 taken from your pay for IGCSE Mathematics on Mon, 7 Jan 2030, 09:00 GMT+8.');
    expect(entry).toHaveTextContent('Reason: “Lesson notes were not shared.”');
    await u.click(within(entry).getByRole('button', { name: /^Appeal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this penalty' });
    await u.type(within(dialog).getByLabelText('Why should it be taken back?'), 'I shared them in the chat');
    await u.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    expect(await screen.findByText('Penalty appeal request sent!')).toBeInTheDocument();
    expect(sent.bodies).toEqual([{ url: '/api/penalty-waivers/w1/appeal', body: { note: 'I shared them in the chat' } }]);
    const appealed = screen.getByTestId('waiver');
    expect(appealed).toHaveTextContent('Appeal waiting');
    expect(within(appealed).getByTestId('appeal')).toHaveTextContent('You appealed: “I shared them in the chat.” An admin has not answered yet.');
    expect(within(appealed).queryByRole('button', { name: /^Appeal/ })).not.toBeInTheDocument();
  });

  it('shows the admin’s answer to an appeal, and no appeal for a paid deduction or an addition', async () => {
    open({
      waivers: [
        waiver({
          appealStatus: 'REJECTED',
          appealTutorNote: 'I shared them',
          appealAdminNote: 'They were shared a day late',
          appealRespondedBy: { _id: 'ada', firstname: 'Ada', lastname: 'Admin' },
        }),
        waiver({ _id: 'w2', paymentStatus: 'PAID', payRunId: 'run1' }),
        waiver({ _id: 'w3', type: 'ADDITION', amount: 1000, note: 'Cover lesson' }),
      ],
    });
    const entries = await screen.findAllByTestId('waiver', {}, FIRST_PAINT);
    expect(within(entries[0]!).getByTestId('appeal')).toHaveTextContent(
      'You appealed: “I shared them.” Appeal rejected by Ada Admin: “They were shared a day late.”',
    );
    expect(entries[1]).toHaveTextContent('It has been paid out, so it can no longer be appealed.');
    expect(entries[2]).toHaveTextContent('SGD 10.00 added to your pay');
    for (const entry of entries) expect(within(entry).queryByRole('button', { name: /^Appeal/ })).not.toBeInTheDocument();
  });

  it('lists the penalties of the tutor’s own requests, not the students’', async () => {
    open();
    const penalties = await screen.findAllByTestId('request-penalty', {}, FIRST_PAINT);
    expect(penalties).toHaveLength(1);
    expect(penalties[0]).toHaveTextContent('You asked to cancel Mathematics lesson 9 (IGCSE Mathematics) on Sun, 6 Jan 2030, 09:00 GMT+8.');
    expect(penalties[0]).toHaveTextContent('Penalty SGD 20.00 (less than 24 hours before the lesson: 50% of SGD 40.00). An admin approved the request.');
  });

  it('says why when the lessons cannot be loaded, and tries again', async () => {
    const failure = { lessons: 'The ledger is being updated' as string | null };
    open({ failure });
    expect(await screen.findByText('Your lessons could not be loaded.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('The ledger is being updated')).toBeInTheDocument();
    failure.lessons = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('lesson-row')).toHaveLength(2);
  });
});
