import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayRunPreview, PayRunRecord } from '../../schema/contracts/pay-runs';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Asia/Singapore' });
const FIRST_PAINT = { timeout: 10_000 };
/** Two weeks back from 20 January in Singapore: its first and last millisecond as instants. */
const PERIOD = { periodStart: '2030-01-06T16:00:00.000Z', periodEnd: '2030-01-20T15:59:59.999Z' };

const tutor = (id: string, firstname: string) => ({ _id: id, firstname, lastname: 'Tutor', email: `${id}@studyhall.test` });
const PREVIEW: PayRunPreview = {
  ...PERIOD,
  totals: [
    { tutor: tutor('theo', 'Theo'), currency: 'SGD', lessons: 3, amount: 6800, penalty: 1000, waivers: 0, additions: 0, deductions: 0, net: 5800 },
    { tutor: tutor('tia', 'Tia'), currency: 'MYR', lessons: 1, amount: 8000, penalty: 0, waivers: 0, additions: 0, deductions: 0, net: 8000 },
  ],
  currencies: [
    { currency: 'MYR', net: 8000, tutors: 1 },
    { currency: 'SGD', net: 5800, tutors: 1 },
  ],
};
const RUN: PayRunRecord = {
  ...PREVIEW,
  _id: 'run12345abcdef',
  reference: 'PAY 20300106-20300120 RUN12345',
  createdBy: 'user_admin',
  createdAt: '2030-01-20T04:00:00.000Z',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-20T04:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(permissions: PermissionMap = fullAdminPermissions) {
  storeSession(ADMIN);
  const sent: { previews: URLSearchParams[]; created: unknown[] } = { previews: [], created: [] };
  let runs: PayRunRecord[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/pay-runs': () => json({ docs: runs, totalDocs: runs.length, limit: 20, offset: 0 }),
    'GET /api/admin/pay-runs/preview': ({ url }) => {
      sent.previews.push(new URL(url, 'http://x').searchParams);
      return json(PREVIEW);
    },
    'POST /api/admin/pay-runs': ({ json: body }) => {
      sent.created.push(body);
      runs = [RUN];
      return json({ message: 'Pay run created!', doc: RUN }, 201);
    },
    'GET /api/admin/pay-runs/run12345abcdef/csv': () =>
      new Response('Tutor name,Email,Currency,Amount,Reference\r\nTheo Tutor,theo@studyhall.test,SGD,58.00,PAY 20300106-20300120 RUN12345\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="pay-run-2030-01-06-2030-01-20-run12345.csv"' },
      }),
  });
  renderApp('/portal/admin/pay-runs');
  return sent;
}

describe('pay runs', { timeout: 30_000 }, () => {
  it('previews the last two weeks per tutor and currency, makes the run and downloads its bank file', async () => {
    const sent = open();
    const u = userEvent.setup();
    expect(await screen.findByText('No pay runs yet', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByLabelText(/From/)).toHaveValue('2030-01-07');
    expect(screen.getByLabelText(/To/)).toHaveValue('2030-01-20');

    await u.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('pay-run-currencies')).toHaveTextContent('This run would pay: MYR 80.00 · SGD 58.00');
    expect(Object.fromEntries(sent.previews[0]!)).toEqual(PERIOD);
    const [theo] = screen.getAllByTestId('pay-run-tutor');
    expect(theo).toHaveTextContent('Theo Tutor');
    expect(theo).toHaveTextContent('SGD 58.00');
    expect(theo).toHaveTextContent('SGD 10.00');

    await u.click(screen.getByRole('button', { name: 'Make the pay run and mark these paid' }));
    expect(await screen.findByText('Pay run created!')).toBeInTheDocument();
    expect(sent.created).toEqual([PERIOD]);
    const dialog = await screen.findByRole('dialog', { name: 'Pay run for 7 Jan 2030 to 20 Jan 2030' });
    expect(dialog).toHaveTextContent('PAY 20300106-20300120 RUN12345');
    expect(screen.getByTestId('pay-run-row')).toHaveTextContent('MYR 80.00 · SGD 58.00');

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:run');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await u.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect(await within(dialog).findByText('Saved pay-run-2030-01-06-2030-01-20-run12345.csv with 1 row.')).toBeInTheDocument();
    expect(click).toHaveBeenCalledOnce();
  });

  it('lets an admin who may only view preview, without the button that pays', async () => {
    open({ payRuns: ['view'] });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Preview' }, FIRST_PAINT));
    expect(await screen.findByText('Your role may preview pay runs but not make them. Ask an admin who may.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make the pay run and mark these paid' })).not.toBeInTheDocument();
  });
});
