import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TutorAmountData } from '../../schema/contracts/lesson-history';
import type { MeetingRequestRecord } from '../../schema/contracts/meeting-requests';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';
import { adminLedgerRow } from './ledger-fixtures';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Asia/Singapore' });
/** The page is a lazy chunk; its first import can take a while on a loaded machine. */
const FIRST_PAINT = { timeout: 10_000 };

const row = adminLedgerRow;

const ROWS = [
  row(),
  row({
    _id: 'h2',
    referenceKey: 'ffee0011',
    course: { _id: 'c2', title: 'Physics group' },
    students: [{ _id: 'maya', firstname: 'Maya', lastname: 'Lee', country: 'MY' }],
    tutorAmountCurrency: 'MYR',
    allocatedTutorAmount: 56000,
    netTutorAmount: 56000,
    classTimingStatus: 'On Time',
  }),
  row({ _id: 'h3', course: { _id: 'c1', title: 'Paid lesson' }, tutorPaymentStatus: 'PAID', payRunId: 'run1' }),
];
const TOTALS: TutorAmountData[] = [
  { currency: 'MYR', amount: 56000, penalty: 0, net: 56000, count: 1 },
  { currency: 'SGD', amount: 124400, penalty: 1000, net: 123400, count: 2 },
];

interface Sent {
  queries: URLSearchParams[];
  bodies: { key: string; body: unknown }[];
}

function open(permissions: PermissionMap = fullAdminPermissions, docs = ROWS) {
  storeSession(ADMIN);
  const sent: Sent = { queries: [], bodies: [] };
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/curriculums/list-with-grades': () => json([]),
    'GET /api/admin/users/dropdown-list': () => json([]),
    'GET /api/admin/courses': () => json({ docs: [], totalDocs: 0, limit: 100, offset: 0 }),
    'GET /api/admin/lesson-history': ({ url }) => {
      const q = new URL(url, 'http://x').searchParams;
      sent.queries.push(q);
      const matching = q.get('tutorPaymentStatus') === 'PAID' ? [] : docs;
      return json({ docs: matching, totalDocs: matching.length, limit: 20, offset: 0, tutorAmountData: matching.length ? TOTALS : [] });
    },
    'PUT /api/lesson-history/update-tutor-payment-status': ({ json: body }) => {
      sent.bodies.push({ key: 'paid', body });
      const ids = (body as { lesssonHistoryIds: string[] }).lesssonHistoryIds;
      return json({ message: 'Payment status updated!', docs: docs.filter((d) => ids.includes(d._id)).map((d) => ({ ...d, tutorPaymentStatus: 'PAID' })) });
    },
    'POST /api/lesson-history/admin-notes/h1': ({ json: body }) => {
      sent.bodies.push({ key: 'note', body });
      const note = { _id: 'n1', note: (body as { note: string }).note, createdBy: 'user_admin', createdAt: '2030-01-08T03:00:00.000Z' };
      return json({ message: 'Note added!', doc: row({ adminNotes: [note] }) }, 201);
    },
    'PUT /api/lesson-history/tutor-payments/respond-to-concern': ({ json: body }) => {
      sent.bodies.push({ key: 'concern', body });
      return json({
        message: 'Concern responded!',
        doc: row({ concernStatus: 'RESOLVED', concernNote: 'I stayed longer', concernDecision: 'APPROVED', concernResponse: 'Thanks' }),
      });
    },
    'GET /api/admin/meeting-requests': ({ url }) => {
      sent.queries.push(new URL(url, 'http://x').searchParams);
      return json({ docs: [request], totalDocs: 1, limit: 20, offset: 0, tutorAmountData: [{ currency: 'SGD', amount: 2000, count: 1 }] });
    },
  });
  renderApp('/portal/admin/lesson-history');
  return sent;
}

const request: MeetingRequestRecord = {
  _id: 'r1',
  status: 'APPROVED',
  type: 'CANCEL',
  requestedByRole: 'STUDENT',
  requestedBy: { _id: 'sam', firstname: 'Sam', lastname: 'Student' },
  createdAt: '2030-01-05T00:00:00.000Z',
  start: '2030-01-06T01:00:00.000Z',
  newStart: null,
  section: { _id: 's9', title: 'Mathematics lesson 9' },
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  tutors: [{ _id: 'theo', firstname: 'Theo', lastname: 'Tutor' }],
  students: [{ _id: 'sam', firstname: 'Sam', lastname: 'Student' }],
  reason: 'School trip',
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

describe('admin lesson history', { timeout: 30_000 }, () => {
  it('lists completed lessons with their pay in their own currency and the totals per currency above', async () => {
    open();
    const rows = await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('history-totals')).toHaveTextContent('Tutor pay for these 3 lessons: MYR 560.00 · SGD 1,234.00');
    expect(screen.getByTestId('history-totals')).toHaveTextContent('After penalties of SGD 10.00.');
    expect(rows[0]).toHaveTextContent('Mon, 7 Jan 2030, 09:00 GMT+8');
    expect(rows[0]).toHaveTextContent('SGD 40.00');
    expect(rows[0]).toHaveTextContent('4 Min Late');
    expect(rows[0]).toHaveTextContent('Tutor in the room: 54 m');
    expect(rows[1]).toHaveTextContent('MYR 560.00');
  });

  it('says so in a sentence when no completed lesson matches the filters', async () => {
    const sent = open();
    await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'PAID');
    expect(await screen.findByText('No completed lessons in these dates and filters. Try wider dates or fewer filters.')).toBeInTheDocument();
    expect(sent.queries.at(-1)!.get('tutorPaymentStatus')).toBe('PAID');
  });

  it('asks for whole days in the admin’s zone, the last day included to its end', async () => {
    const sent = open();
    await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-07' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-01-31' } });
    await waitFor(() => expect(sent.queries.at(-1)!.get('endDate')).toBe('2030-01-31T15:59:59.999Z'));
    expect(sent.queries.at(-1)!.get('startDate')).toBe('2030-01-06T16:00:00.000Z');
  });

  it('marks the selected lessons paid with the body the spec spells, and shows them paid', async () => {
    const sent = open();
    const u = userEvent.setup();
    await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    const paid = screen.getByRole('checkbox', { name: /Select Paid lesson/ });
    expect(paid).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: /Select IGCSE Mathematics/ }));
    await u.click(screen.getByRole('checkbox', { name: /Select Physics group/ }));
    expect(screen.getByText('2 lessons selected')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Payment status updated!')).toBeInTheDocument();
    expect(sent.bodies).toEqual([{ key: 'paid', body: { tutorPaymentStatus: 'PAID', lesssonHistoryIds: ['h1', 'h2'] } }]);
    await waitFor(() => expect(within(screen.getAllByTestId('history-row')[0]!).getByText('Paid')).toBeInTheDocument());
    expect(screen.queryByText('2 lessons selected')).not.toBeInTheDocument();
  });

  it('opens a lesson with how its pay was worked out and who came when, and keeps a note', async () => {
    const sent = open();
    const u = userEvent.setup();
    await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    await u.click(screen.getByRole('button', { name: 'IGCSE Mathematics' }));
    const dialog = await screen.findByRole('dialog', { name: 'IGCSE Mathematics' });
    expect(within(dialog).getByTestId('rate-explanation')).toHaveTextContent('40.00 SGD/h × 60 min = 40.00 SGD');
    const attendance = within(dialog).getByTestId('attendance');
    const [tutor, student] = within(attendance).getAllByRole('row').slice(1);
    expect(tutor).toHaveTextContent('Theo Tutor (tutor)09:04:0009:58:0054 m4 Min Late');
    expect(student).toHaveTextContent('Sam Student (student)08:58:0009:58:001 hOn Time');
    expect(within(dialog).getByText('The tutor has raised no concern about this payment.')).toBeInTheDocument();

    await u.type(within(dialog).getByLabelText(/Add a note for other admins/), 'Checked with the tutor');
    await u.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added!')).toBeInTheDocument();
    expect(within(dialog).getByText('Checked with the tutor')).toBeInTheDocument();
    expect(sent.bodies).toEqual([{ key: 'note', body: { note: 'Checked with the tutor' } }]);
  });

  it('answers a tutor’s concern from the lesson', async () => {
    const sent = open(fullAdminPermissions, [row({ concernStatus: 'PENDING', concernNote: 'I stayed longer' })]);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'IGCSE Mathematics' }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog', { name: 'IGCSE Mathematics' });
    expect(within(dialog).getByText('I stayed longer')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Your answer to the tutor'), 'Thanks');
    await u.click(within(dialog).getByRole('button', { name: 'Approve and resolve' }));
    expect(await screen.findByText('Concern responded!')).toBeInTheDocument();
    expect(sent.bodies).toEqual([{ key: 'concern', body: { lessonHistoryId: 'h1', status: 'RESOLVED', decision: 'APPROVED', response: 'Thanks' } }]);
    expect(within(dialog).getByText('Approved: Thanks')).toBeInTheDocument();
  });

  it('shows an admin who may only view no way to change anything', async () => {
    open({ lessonHistory: ['view'] });
    await screen.findAllByTestId('history-row', {}, FIRST_PAINT);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reschedule or cancellation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'IGCSE Mathematics' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('lists every request to move or cancel a lesson, in every status, with its penalty', async () => {
    const sent = open();
    await userEvent.click(await screen.findByRole('tab', { name: 'Reschedule or cancellation' }, FIRST_PAINT));
    const requestRow = await screen.findByTestId('request-row');
    expect(requestRow).toHaveTextContent('Cancellation');
    expect(requestRow).toHaveTextContent('Approved');
    expect(requestRow).toHaveTextContent('SGD 20.00');
    expect(screen.getByTestId('request-totals')).toHaveTextContent('Penalties in these requests: SGD 20.00');
    expect(sent.queries.at(-1)!.get('statuses')).toBe('PENDING,APPROVED,REJECTED');
  });
});
