import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceRecord, DraftLine, InvoiceDraft, InvoiceDrawPreview, InvoiceRecord } from '../../schema/contracts/invoices';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import { baseApi, renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Asia/Singapore' });
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', email: 'parent@studyhall.test', role: { name: 'PARENT', isGuest: false } });
const FIRST_PAINT = { timeout: 10_000 };
/** January 2030 in Singapore, as instants: the month before the test's "today", 20 February. */
const LAST_MONTH = { periodStart: '2029-12-31T16:00:00.000Z', periodEnd: '2030-01-31T15:59:59.999Z' };

const person = (_id: string, firstname: string, lastname: string, email: string | null = null) => ({ _id, firstname, lastname, email });
const PAT = person('user_parent', 'Pat', 'Parent', 'parent@studyhall.test');
const LEE = person('user_lee', 'Lee', 'Learner', 'lee@studyhall.test');

const line = (overrides: Partial<DraftLine>): DraftLine => ({
  description: 'Mathematics revision (IGCSE Mathematics with Theo), Thu, 10 Jan 2030',
  studentId: 'user_student',
  studentName: 'Sam Student',
  sectionId: 'section_maths',
  lessonHistoryId: 'history_maths_sam',
  lessonStart: '2030-01-10T09:00:00.000Z',
  minutes: 60,
  unitAmount: 6000,
  amount: 6000,
  priceNote: 'Starter pack, 5 hours costs Sam SGD 300.00 for 5 h, so SGD 60.00 an hour.',
  priced: true,
  ...overrides,
});

const DRAFTS: InvoiceDraft[] = [
  {
    payer: PAT,
    currency: 'SGD',
    dueAt: '2030-03-06T04:00:00.000Z',
    lines: [
      line({}),
      line({
        description: 'Physics revision (IGCSE Physics group), Thu, 10 Jan 2030',
        studentId: 'user_student2',
        studentName: 'Maya Student',
        lessonHistoryId: 'history_physics_maya',
        unitAmount: 0,
        amount: 0,
        priced: false,
        priceNote: 'No flexible plan is offered to Maya, so there is no hourly price to bill at: enter one.',
      }),
    ],
    total: 6000,
  },
  {
    payer: LEE,
    currency: 'SGD',
    dueAt: '2030-03-06T04:00:00.000Z',
    lines: [line({ studentId: 'user_lee', studentName: 'Lee Learner', lessonHistoryId: 'history_lee' })],
    total: 6000,
  },
];

const record = (overrides: Partial<AdminInvoiceRecord> = {}): AdminInvoiceRecord => ({
  _id: 'invoice_7',
  invoiceNumber: 7,
  status: 'PENDING',
  currency: 'SGD',
  total: 10_550,
  payer: PAT,
  students: [person('user_student', 'Sam', 'Student'), person('user_student2', 'Maya', 'Student')],
  lines: [
    {
      _id: 'line_1',
      description: 'Mathematics revision',
      studentId: 'user_student',
      studentName: 'Sam Student',
      sectionId: 'section_maths',
      lessonHistoryId: 'history_maths_sam',
      lessonStart: '2030-01-10T09:00:00.000Z',
      minutes: 60,
      unitAmount: 6000,
      amount: 6000,
    },
    {
      _id: 'line_2',
      description: 'Physics revision',
      studentId: 'user_student2',
      studentName: 'Maya Student',
      sectionId: 'section_physics',
      lessonHistoryId: 'history_physics_maya',
      lessonStart: '2030-01-10T10:00:00.000Z',
      minutes: 60,
      unitAmount: 4550,
      amount: 4550,
    },
  ],
  issuedAt: '2030-02-20T04:00:00.000Z',
  dueAt: '2030-03-06T15:59:59.999Z',
  overdue: false,
  periodStart: LAST_MONTH.periodStart,
  periodEnd: LAST_MONTH.periodEnd,
  paidAt: null,
  sentAt: '2030-02-20T04:00:00.000Z',
  reminderSentAt: null,
  adminNotes: [],
  createdBy: 'user_admin',
  updatedAt: '2030-02-20T04:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-02-20T04:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openAdmin(options: { permissions?: PermissionMap; draw?: (body: unknown) => Response } = {}) {
  storeSession(ADMIN);
  const sent: { previews: unknown[]; draws: unknown[]; sends: string[] } = { previews: [], draws: [], sends: [] };
  let docs: AdminInvoiceRecord[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: options.permissions ?? fullAdminPermissions }),
    'GET /api/admin/users/dropdown-list': () => json([]),
    'GET /api/admin/invoices': () => json({ docs, totalDocs: docs.length, limit: 20, offset: 0 }),
    'POST /api/admin/invoices/draw/preview': ({ json: body }) => {
      sent.previews.push(body);
      const answer: InvoiceDrawPreview = { ...LAST_MONTH, drafts: DRAFTS };
      return json(answer);
    },
    'POST /api/admin/invoices/draw': ({ json: body }) => {
      sent.draws.push(body);
      if (options.draw) return options.draw(body);
      docs = [record()];
      return json({ message: 'Invoices sent!', docs }, 201);
    },
    'POST /api/admin/invoices/send-mail/invoice_7': () => {
      sent.sends.push('invoice_7');
      return json({ message: 'Invoice Sent!', doc: record({ sentAt: '2030-02-21T04:00:00.000Z' }) });
    },
  });
  renderApp('/portal/admin/invoices');
  return sent;
}

describe('the admin draws invoices from the lessons', { timeout: 30_000 }, () => {
  it('previews last month per family, edits a line, leaves a family out and sends the rest together', async () => {
    const sent = openAdmin();
    const u = userEvent.setup();
    expect(await screen.findByText('No invoices yet', {}, FIRST_PAINT)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Draw from lessons' }));
    expect(screen.getByLabelText(/From/)).toHaveValue('2030-01-01');
    expect(screen.getByLabelText(/To/)).toHaveValue('2030-01-31');
    await u.click(screen.getByRole('button', { name: 'Preview invoices' }));

    const cards = await screen.findAllByTestId('invoice-draft');
    expect(sent.previews).toEqual([LAST_MONTH]);
    expect(cards).toHaveLength(2);
    const pat = cards[0]!;
    expect(within(pat).getByRole('heading', { name: 'Pat Parent' })).toBeInTheDocument();
    expect(within(pat).getByText('Sam Student, 10 Jan 2030')).toBeInTheDocument();
    expect(within(pat).getByText(/No flexible plan is offered to Maya/)).toBeInTheDocument();
    expect(within(pat).getByTestId('lines-total')).toHaveTextContent('Total SGD 60.00');

    const mayaPrice = within(pat).getAllByLabelText('SGD an hour')[1]!;
    expect(mayaPrice).toHaveValue('');
    await u.type(mayaPrice, '45.50');
    expect(within(pat).getAllByTestId('line-amount')[1]).toHaveTextContent('SGD 45.50');
    expect(within(pat).getByTestId('lines-total')).toHaveTextContent('Total SGD 105.50');

    await u.click(within(cards[1]!).getByRole('checkbox', { name: 'Bill this family' }));
    expect(screen.getByTestId('draw-summary')).toHaveTextContent('1 invoice, SGD 105.50 in all.');
    await u.click(screen.getByRole('button', { name: 'Send invoices' }));

    expect(await screen.findByText('Invoices sent!')).toBeInTheDocument();
    expect(sent.draws).toEqual([
      {
        ...LAST_MONTH,
        send: true,
        invoices: [
          {
            userId: 'user_parent',
            currency: 'SGD',
            dueAt: '2030-03-06T15:59:59.999Z',
            lines: [
              { description: DRAFTS[0]!.lines[0]!.description, studentId: 'user_student', lessonHistoryId: 'history_maths_sam', minutes: 60, unitAmount: 6000 },
              {
                description: DRAFTS[0]!.lines[1]!.description,
                studentId: 'user_student2',
                lessonHistoryId: 'history_physics_maya',
                minutes: 60,
                unitAmount: 4550,
              },
            ],
          },
        ],
      },
    ]);
    const row = await screen.findByTestId('invoice-row');
    expect(row).toHaveTextContent('Invoice 7');
    expect(row).toHaveTextContent('SGD 105.50');
    expect(row).toHaveTextContent('Pending');
    expect(screen.queryByTestId('invoice-draft')).not.toBeInTheDocument();
  });

  it('says what is wrong beside the line: an empty description before sending, a lesson billed meanwhile after', async () => {
    const sent = openAdmin({
      draw: () =>
        json(
          {
            message: 'Lesson history id is already on invoice 3.',
            errors: [{ path: 'invoices.0.lines.0.lessonHistoryId', message: 'is already on invoice 3' }],
          },
          409,
        ),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Draw from lessons' }, FIRST_PAINT));
    await u.click(screen.getByRole('button', { name: 'Preview invoices' }));
    const [pat, lee] = await screen.findAllByTestId('invoice-draft');
    await u.click(within(lee!).getByRole('checkbox', { name: 'Bill this family' }));
    await u.clear(within(pat!).getByLabelText('Line 1'));
    await u.click(screen.getByRole('button', { name: 'Make without sending' }));
    expect(within(pat!).getByText('Say what this line is for.')).toBeInTheDocument();
    expect(within(pat!).getByText('The price is required.')).toBeInTheDocument();
    expect(sent.draws).toEqual([]);

    await u.type(within(pat!).getByLabelText('Line 1'), 'Maths');
    await u.type(within(pat!).getAllByLabelText('SGD an hour')[1]!, '40');
    await u.click(screen.getByRole('button', { name: 'Make without sending' }));
    expect(await within(pat!).findByText('This lesson is already on invoice 3.')).toBeInTheDocument();
    expect(sent.draws).toHaveLength(1);
    expect((sent.draws[0] as { send: boolean }).send).toBe(false);
  });

  it('opens an invoice with its lines and sends it again ("Invoice Sent!")', async () => {
    storeSession(ADMIN);
    const sent: string[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/users/dropdown-list': () => json([]),
      'GET /api/admin/invoices': () => json({ docs: [record()], totalDocs: 1, limit: 20, offset: 0 }),
      'POST /api/admin/invoices/send-mail/invoice_7': () => {
        sent.push('invoice_7');
        return json({ message: 'Invoice Sent!', doc: record({ sentAt: '2030-02-21T04:00:00.000Z' }) });
      },
    });
    renderApp('/portal/admin/invoices');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /Invoice 7/ }, FIRST_PAINT));
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getAllByTestId('invoice-line')).toHaveLength(2);
    expect(within(detail).getByTestId('invoice-total')).toHaveTextContent('SGD 105.50');
    expect(within(detail).getByText('60 min at SGD 45.50 an hour, for Maya Student')).toBeInTheDocument();
    await u.click(within(detail).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Invoice Sent!')).toBeInTheDocument();
    expect(sent).toEqual(['invoice_7']);
  });

  it('leaves the draw out for a role that may only view invoices', async () => {
    openAdmin({ permissions: { invoices: ['view'] } });
    expect(await screen.findByText('No invoices yet', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw from lessons' })).not.toBeInTheDocument();
  });
});

const payerView = (overrides: Partial<InvoiceRecord> = {}): InvoiceRecord => {
  const { adminNotes: _notes, createdBy: _by, updatedAt: _at, ...rest } = record();
  return { ...rest, ...overrides };
};

describe('a parent pays an invoice', { timeout: 30_000 }, () => {
  it('lists their invoices, and Pay starts Checkout for the invoice and follows its url', async () => {
    storeSession(PARENT);
    const payments: unknown[] = [];
    mockApi({
      ...signedInApi(PARENT),
      'GET /api/invoices': () =>
        json({
          docs: [payerView(), payerView({ _id: 'invoice_5', invoiceNumber: 5, status: 'PAID', paidAt: '2030-02-01T00:00:00.000Z' })],
          totalDocs: 2,
          limit: 20,
          offset: 0,
        }),
      'POST /api/invoices/stripe': ({ json: body }) => {
        payments.push(body);
        return json({ url: '/learning-portal/dev/checkout/cs_sim_1' });
      },
      'GET /api/dev/checkout/cs_sim_1': () =>
        json({
          simulated: true,
          sessionId: 'cs_sim_1',
          description: 'Invoice 7',
          paymentType: 'INVOICE',
          minutes: 0,
          amount: 10_550,
          currency: 'SGD',
          status: 'OPEN',
        }),
    });
    const router = renderApp('/portal/invoices');
    const u = userEvent.setup();
    const items = await screen.findAllByTestId('my-invoice', {}, FIRST_PAINT);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('For Sam and Maya.');
    expect(within(items[1]!).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Paid')).toBeInTheDocument();

    await u.click(within(items[0]!).getByRole('button', { name: 'Pay invoice 7, SGD 105.50' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_1'));
    expect(payments).toEqual([{ id: 'invoice_7' }]);
    expect(await screen.findByText('Invoice 7', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('says why when the invoice cannot be paid', async () => {
    storeSession(PARENT);
    mockApi({
      ...signedInApi(PARENT),
      'GET /api/invoices/invoice_7': () => json(payerView()),
      'POST /api/invoices/stripe': () => json({ message: 'Invoice 7 is already paid.', errors: [] }, 409),
    });
    renderApp('/portal/invoices/invoice_7');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Pay invoice 7, SGD 105.50' }, FIRST_PAINT));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice 7 is already paid.');
  });

  it('shows the printable invoice with its lines and total, and Download PDF opens the print dialog', async () => {
    storeSession(PARENT);
    mockApi({ ...signedInApi(PARENT), 'GET /api/invoices/invoice_7': () => json(payerView({ status: 'PAID', paidAt: '2030-02-21T04:00:00.000Z' })) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/portal/invoices/invoice_7');
    const u = userEvent.setup();
    const invoice = await screen.findByTestId('invoice-document', {}, FIRST_PAINT);
    expect(within(invoice).getByRole('heading', { name: 'Invoice 7' })).toBeInTheDocument();
    expect(within(invoice).getByTestId('invoice-status')).toHaveTextContent('Paid');
    expect(within(invoice).getByTestId('invoice-total')).toHaveTextContent('SGD 105.50');
    expect(within(invoice).getByText('Pat Parent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay invoice/ })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('after paying, the success page says the invoice is paid and leads back to it', async () => {
    storeSession(PARENT);
    const paid = {
      _id: 'ps_1',
      status: 'PAID',
      paymentType: 'INVOICE',
      itemId: 'invoice_7',
      description: 'Invoice 7',
      minutes: 0,
      amount: 10_550,
      currency: 'SGD',
      studentId: 'user_parent',
      studentName: 'Pat Parent',
      balanceMinutes: 0,
    };
    mockApi({ ...signedInApi(PARENT), 'GET /api/payments/ps_1': () => json(paid), 'GET /api/invoices/invoice_7': () => json(payerView({ status: 'PAID' })) });
    const router = renderApp('/payment/success?payment=ps_1');
    const u = userEvent.setup();
    expect(await screen.findByTestId('invoice-paid', {}, FIRST_PAINT)).toHaveTextContent('Invoice 7 is paid. Thank you.');
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'See the invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/invoices/invoice_7'));
    expect(await screen.findByTestId('invoice-status', {}, FIRST_PAINT)).toHaveTextContent('Paid');
  });

  it('answers another family’s invoice with the not-found page', async () => {
    storeSession(PARENT);
    mockApi({ ...signedInApi(PARENT), 'GET /api/invoices/invoice_9': () => json({ message: 'Invoice was not found', errors: [] }, 404) });
    renderApp('/portal/invoices/invoice_9');
    expect(await screen.findByRole('heading', { level: 1 }, FIRST_PAINT)).not.toHaveTextContent('Invoice 9');
    expect(screen.queryByTestId('invoice-document')).not.toBeInTheDocument();
  });
});
