import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MeetingRequestRecord } from '../../schema/contracts/meeting-requests';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { shiftTotals } from '../../web/features/meeting-requests/request-words';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Europe/London' });
const FIRST_PAINT = { timeout: 10_000 };
const theo = { _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor' };
const sam = { _id: 'user_student', firstname: 'Sam', lastname: 'Student' };

const request = (overrides: Partial<MeetingRequestRecord> = {}): MeetingRequestRecord => ({
  _id: 'r1',
  status: 'PENDING',
  type: 'CANCEL',
  requestedByRole: 'STUDENT',
  requestedBy: sam,
  createdAt: '2030-01-06T09:00:00.000Z',
  start: '2030-01-07T09:00:00.000Z',
  newStart: null,
  section: { _id: 's1', title: 'Quadratics' },
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  tutors: [theo],
  students: [sam],
  reason: 'School trip',
  policyVersion: 2,
  penalty: true,
  penaltyAmount: 1500,
  penaltyCurrency: 'SGD',
  penaltyReason: 'less than 24 hours before the lesson: 50% of SGD 30.00',
  chargeable: true,
  tutorPaymentStatus: 'PROCESSING',
  respondedBy: null,
  respondedAt: null,
  responseNote: null,
  tutorAmount: 3000,
  tutorAmountCurrency: 'SGD',
  adminNotes: [],
  ...overrides,
});

const move = request({
  _id: 'r2',
  type: 'RESCHEDULE',
  requestedByRole: 'TUTOR',
  requestedBy: theo,
  newStart: '2030-01-08T10:00:00.000Z',
  section: { _id: 's2', title: 'Vectors' },
  reason: 'Clash with a conference',
  penalty: false,
  penaltyAmount: 0,
  penaltyReason: '24 hours or more before the lesson: no penalty',
  chargeable: false,
});

function open({
  permissions = fullAdminPermissions,
  respond,
}: {
  permissions?: Record<string, string[]>;
  respond?: (body: unknown, url: string) => Response;
} = {}) {
  storeSession(ADMIN);
  const sent: { url: string; body: unknown }[] = [];
  const queries: URLSearchParams[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/users/dropdown-list': () => json([]),
    'GET /api/admin/meeting-requests': ({ url }) => {
      queries.push(new URL(url, 'http://x').searchParams);
      return json({
        docs: [request(), move],
        totalDocs: 2,
        limit: 20,
        offset: 0,
        tutorAmountData: [{ currency: 'SGD', amount: 1500, count: 2 }],
      });
    },
    'PUT /api/admin/meeting-requests/respond/r1': ({ json: body, url }) => {
      sent.push({ url, body });
      return respond?.(body, url) ?? json({ ...request({ status: 'APPROVED', respondedBy: ADMIN as never }), message: 'Lesson Cancelled!' });
    },
    'PUT /api/admin/meeting-requests/respond/r2': ({ json: body, url }) => {
      sent.push({ url, body });
      return respond!(body, url);
    },
  });
  renderApp('/portal/admin/meeting-requests');
  return { sent, queries };
}

const rowOf = (text: string) => screen.getAllByTestId('meeting-request').find((row) => row.textContent?.includes(text))!;

describe('admin meeting requests', { timeout: 30_000 }, () => {
  it('says in words who asked what for which lesson, with the penalty and the totals per currency', async () => {
    const { queries } = open();
    const first = await screen.findByText(/Sam Student, the student, asks to cancel Quadratics/, {}, FIRST_PAINT);
    expect(first).toHaveTextContent('Sam Student, the student, asks to cancel Quadratics on Mon, 7 Jan 2030, 09:00 GMT.');
    const row = rowOf('Quadratics');
    expect(row).toHaveTextContent('IGCSE Mathematics with Theo Tutor for Sam Student.');
    expect(row).toHaveTextContent('Reason: “School trip”');
    expect(row).toHaveTextContent('Penalty SGD 15.00 under policy version 2 (less than 24 hours before the lesson: 50% of SGD 30.00).');
    expect(row).toHaveTextContent('The lesson still counts as held for pay and charge');
    expect(rowOf('Vectors')).toHaveTextContent('Theo Tutor, the tutor, asks to move Vectors from Mon, 7 Jan 2030, 09:00 GMT to Tue, 8 Jan 2030, 10:00 GMT.');
    expect(screen.getByTestId('requests-totals')).toHaveTextContent('2 requests · penalties SGD 15.00 over 2 requests.');
    expect(queries[0]?.get('statuses')).toBe('PENDING');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'RESCHEDULE');
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('RESCHEDULE'));
  });

  it('approving sends the answer with its note, shows the toast, and the request leaves the list with its penalty', async () => {
    const { sent } = open();
    const u = userEvent.setup();
    await screen.findByText(/asks to cancel Quadratics/, {}, FIRST_PAINT);
    await u.click(within(rowOf('Quadratics')).getByRole('button', { name: /^Respond/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to the request' });
    expect(within(dialog).getByLabelText('Approve: cancel the lesson.')).toBeChecked();
    await u.type(within(dialog).getByLabelText('Note (optional)'), 'Fine by us');
    await u.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Lesson Cancelled!')).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/api/admin/meeting-requests/respond/r1', body: { action: 'APPROVE', note: 'Fine by us' } }]);
    await waitFor(() => expect(screen.getAllByTestId('meeting-request')).toHaveLength(1));
    expect(screen.getByTestId('requests-totals')).toHaveTextContent('1 request · penalties SGD 0.00 over 1 request.');
  });

  it('shows the server’s sentence in the dialog when the new time has been taken', async () => {
    const taken = 'Theo Tutor already has a lesson at that time, so this one cannot move there.';
    open({ respond: () => json({ message: taken, errors: [] }, 409) });
    const u = userEvent.setup();
    await screen.findByText(/asks to move Vectors/, {}, FIRST_PAINT);
    await u.click(within(rowOf('Vectors')).getByRole('button', { name: /^Respond/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to the request' });
    await u.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getAllByTestId('meeting-request')).toHaveLength(2);
  });

  it('an update changes the penalty in minor units and keeps the request waiting', async () => {
    const { sent } = open({
      respond: (body) =>
        json({
          ...request({ penaltyAmount: (body as { penaltyAmount: number }).penaltyAmount, penaltyReason: 'set by an admin: SGD 10.00' }),
          message: 'Lesson Updated!',
        }),
    });
    const u = userEvent.setup();
    await screen.findByText(/asks to cancel Quadratics/, {}, FIRST_PAINT);
    await u.click(within(rowOf('Quadratics')).getByRole('button', { name: /^Respond/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to the request' });
    await u.click(within(dialog).getByLabelText(/^Update: change the penalty/));
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing has changed yet.');
    const penalty = within(dialog).getByLabelText('Penalty (SGD)');
    await u.clear(penalty);
    await u.type(penalty, '10.005');
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('The penalty can have at most 2 decimals in SGD.')).toBeInTheDocument();
    await u.clear(penalty);
    await u.type(penalty, '10');
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Lesson Updated!')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([{ action: 'UPDATE', penaltyAmount: 1000 }]);
    expect(rowOf('Quadratics')).toHaveTextContent('Penalty SGD 10.00 under policy version 2 (set by an admin: SGD 10.00).');
    expect(screen.getByTestId('requests-totals')).toHaveTextContent('penalties SGD 10.00 over 2 requests.');
  });

  it('shows no answer buttons to an admin who may only view', async () => {
    open({ permissions: { meetingRequests: ['view'] } });
    await screen.findByText(/asks to cancel Quadratics/, {}, FIRST_PAINT);
    expect(screen.queryByRole('button', { name: /^Respond/ })).not.toBeInTheDocument();
  });

  it('takes an answered request’s penalty out of its currency’s total', () => {
    const totals = [
      { currency: 'SGD', amount: 1500, count: 2 },
      { currency: 'USD', amount: 500, count: 1 },
    ];
    expect(shiftTotals(totals, request(), null)).toEqual([
      { currency: 'SGD', amount: 0, count: 1 },
      { currency: 'USD', amount: 500, count: 1 },
    ]);
    expect(shiftTotals(totals, request({ penaltyCurrency: 'USD', penaltyAmount: 500 }), null)).toEqual([{ currency: 'SGD', amount: 1500, count: 2 }]);
    expect(shiftTotals(totals, request(), request({ penaltyAmount: 1000 }))).toEqual([
      { currency: 'SGD', amount: 1000, count: 2 },
      { currency: 'USD', amount: 500, count: 1 },
    ]);
  });
});
