import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PenaltyWaiverRecord } from '../../schema/contracts/penalty-waivers';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({
  _id: 'user_admin',
  firstname: 'Ada',
  lastname: 'Admin',
  role: { name: 'ADMIN', isGuest: false },
  timezone: 'Europe/London',
  currency: 'SGD',
});
const FIRST_PAINT = { timeout: 10_000 };
const theo = { _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor' };

const entry = (overrides: Partial<PenaltyWaiverRecord> = {}): PenaltyWaiverRecord => ({
  _id: 'w1',
  createdAt: '2030-01-07T10:00:00.000Z',
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  startDate: '2030-01-07T09:00:00.000Z',
  endDate: '2030-01-07T10:00:00.000Z',
  tutor: theo,
  students: [{ _id: 'user_student', firstname: 'Sam', lastname: 'Student' }],
  lessonType: 'LESSON',
  paymentType: null,
  amount: 500,
  currency: 'SGD',
  type: 'DEDUCTION',
  paymentStatus: 'PROCESSING',
  appealStatus: 'PENDING',
  appealTutorNote: 'The student was the one who was late',
  appealAdminNote: null,
  appealRespondedBy: null,
  lessonHistoryId: 'h1',
  meetingRequestId: null,
  manual: false,
  category: null,
  note: 'Joined 20 minutes late',
  payRunId: null,
  createdBy: 'user_admin',
  adminNotes: [],
  ...overrides,
});

function open(path = '/portal/admin/penalty-waivers') {
  storeSession(ADMIN);
  const sent: { method: string; url: string; body: unknown }[] = [];
  const rows: Record<'waiver' | 'manual', PenaltyWaiverRecord[]> = { waiver: [entry()], manual: [] };
  const page = (docs: PenaltyWaiverRecord[]) =>
    json({
      docs,
      totalDocs: docs.length,
      limit: 20,
      offset: 0,
      tutorAmountData: [{ currency: 'SGD', amount: 0, penalty: 500, net: -500, count: docs.length }],
    });
  const record =
    (method: string, answer: (body: Record<string, unknown>) => Response) =>
    ({ url, json: body }: { url: string; json: unknown }) => {
      sent.push({ method, url, body });
      return answer(body as Record<string, unknown>);
    };
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/admin/users/dropdown-list': ({ url }) => json(url.includes('TUTOR') ? [{ ...theo, email: 'tutor@studyhall.test', role: 'TUTOR' }] : []),
    'GET /api/admin/penalty-waivers': () => page(rows.waiver),
    'GET /api/admin/manual-adjustments': () => page(rows.manual),
    'POST /api/admin/penalty-waivers': record('POST', (body) => {
      const doc = entry({ _id: 'w2', ...body, appealStatus: null, appealTutorNote: null, course: null, startDate: null, students: [] });
      rows.waiver = [doc, ...rows.waiver];
      return json({ message: 'Penalty waiver created!', doc }, 201);
    }),
    'POST /api/admin/manual-adjustments': record('POST', (body) => {
      const doc = entry({ _id: 'm1', ...body, manual: true, startDate: `${body.date}T00:00:00.000Z`, appealStatus: null, course: null, students: [] });
      rows.manual = [doc];
      return json({ message: 'Manual adjustment created!', doc }, 201);
    }),
    'PUT /api/admin/penalty-waivers/w1/appeal-respond': record('PUT', (body) => {
      const doc = entry({ ...(body as Partial<PenaltyWaiverRecord>), appealRespondedBy: { _id: 'user_admin', firstname: 'Ada', lastname: 'Admin' } });
      rows.waiver = [doc];
      return json({ message: 'Appeal responded!', doc });
    }),
    'PUT /api/admin/penalty-waivers/update-tutor-payment-status': record('PUT', () => {
      rows.waiver = [entry({ paymentStatus: 'PAID' })];
      return json({ message: 'Payment status updated!', docs: rows.waiver });
    }),
  });
  renderApp(path);
  return { sent };
}

describe('admin penalty waivers', { timeout: 30_000 }, () => {
  it('checks the amount before creating a waiver, then creates it with the toast', async () => {
    const { sent } = open();
    const u = userEvent.setup();
    const row = await screen.findByTestId('ledger-entry', {}, FIRST_PAINT);
    expect(row).toHaveTextContent("SGD 5.00 taken from Theo Tutor's pay for IGCSE Mathematics on Mon, 7 Jan 2030, 09:00 GMT.");
    expect(row).toHaveTextContent('Theo Tutor appealed: “The student was the one who was late.” The appeal is waiting for an answer.');
    expect(screen.getByTestId('waiver-totals')).toHaveTextContent('1 entry · additions SGD 0.00, deductions SGD 5.00, net -SGD 5.00 over 1 entry.');

    await u.click(screen.getByRole('button', { name: 'New penalty waiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'New penalty waiver' });
    await u.click(within(dialog).getByRole('button', { name: 'Create penalty waiver' }));
    expect(within(dialog).getByText('The tutor is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The amount is required.')).toBeInTheDocument();
    await u.selectOptions(within(dialog).getByLabelText(/^Tutor/), 'Theo Tutor');
    await u.type(within(dialog).getByLabelText(/^Amount/), 'five');
    await u.click(within(dialog).getByRole('button', { name: 'Create penalty waiver' }));
    expect(within(dialog).getByText('The amount must be a number such as 12.34.')).toBeInTheDocument();
    await u.clear(within(dialog).getByLabelText(/^Amount/));
    await u.type(within(dialog).getByLabelText(/^Amount/), '0');
    await u.click(within(dialog).getByRole('button', { name: 'Create penalty waiver' }));
    expect(within(dialog).getByText('The amount must be more than 0.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.clear(within(dialog).getByLabelText(/^Amount/));
    await u.type(within(dialog).getByLabelText(/^Amount/), '12.5');
    await u.selectOptions(within(dialog).getByLabelText(/^Direction/), 'ADDITION');
    await u.type(within(dialog).getByLabelText('Reason (optional)'), 'Penalty waived: the room failed');
    await u.click(within(dialog).getByRole('button', { name: 'Create penalty waiver' }));

    expect(await screen.findByText('Penalty waiver created!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/penalty-waivers',
        body: { tutorId: 'user_tutor', type: 'ADDITION', amount: 1250, currency: 'SGD', note: 'Penalty waived: the room failed' },
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('ledger-entry')).toHaveLength(2));
    expect(screen.getAllByTestId('ledger-entry')[0]).toHaveTextContent("SGD 12.50 added to Theo Tutor's pay.");
  });

  it('answers a tutor’s appeal with a note, and marks a waiver paid', async () => {
    const { sent } = open();
    const u = userEvent.setup();
    const row = await screen.findByTestId('ledger-entry', {}, FIRST_PAINT);
    await u.click(within(row).getByRole('button', { name: /^Respond to the appeal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to the appeal' });
    await u.click(within(dialog).getByRole('button', { name: 'Accept the appeal' }));
    expect(within(dialog).getByText('Your answer to the tutor is required.')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Your answer to the tutor'), 'Agreed, the student was late');
    await u.click(within(dialog).getByRole('button', { name: 'Accept the appeal' }));

    expect(await screen.findByText('Appeal responded!')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/penalty-waivers/w1/appeal-respond',
      body: { appealStatus: 'ACCEPTED', appealAdminNote: 'Agreed, the student was late' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('ledger-entry')).toHaveTextContent(
        'Theo Tutor appealed: “The student was the one who was late.” Appeal accepted by Ada Admin: “Agreed, the student was late.” The deduction no longer counts.',
      ),
    );

    await u.click(within(screen.getByTestId('ledger-entry')).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Payment status updated!')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: '/api/admin/penalty-waivers/update-tutor-payment-status',
      body: { paymentStatus: 'PAID', penaltyWaiverIds: ['w1'] },
    });
  });

  it('creates a manual adjustment, which needs a reason, in its own tab', async () => {
    const { sent } = open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Manual adjustments' }, FIRST_PAINT));
    expect(await screen.findByText('No manual adjustments yet')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'New manual adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New manual adjustment' });
    await u.selectOptions(within(dialog).getByLabelText(/^Tutor/), 'Theo Tutor');
    await u.type(within(dialog).getByLabelText(/^Amount/), '20');
    await u.click(within(dialog).getByRole('button', { name: 'Create manual adjustment' }));
    expect(within(dialog).getByText('The reason is required.')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Reason'), 'Travel to the exam centre');
    await u.type(within(dialog).getByLabelText(/^Date it counts for/), '2030-01-15');
    await u.click(within(dialog).getByRole('button', { name: 'Create manual adjustment' }));

    expect(await screen.findByText('Manual adjustment created!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/manual-adjustments',
        body: {
          tutorId: 'user_tutor',
          type: 'ADDITION',
          amount: 2000,
          currency: 'SGD',
          note: 'Travel to the exam centre',
          date: '2030-01-15',
          category: 'ADJUSTMENTS',
        },
      },
    ]);
    expect(await screen.findByText("SGD 20.00 added to Theo Tutor's pay, dated 15 Jan 2030.")).toBeInTheDocument();
  });
});
