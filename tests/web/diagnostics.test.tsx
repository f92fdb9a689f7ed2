import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticDoc, DiagnosticPaymentOffer, DiagnosticTestDoc } from '../../schema/contracts/diagnostics';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { GUEST, json, mockApi, TENANT, user } from './fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIRST_PAINT = { timeout: 5000 };
const SAM = user({ _id: 'user_student', firstname: 'Sam', lastname: 'Student' });

const test: DiagnosticTestDoc = {
  _id: 'dt_1',
  title: 'IGCSE Maths diagnostic',
  description: 'Eight questions.',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  questionCount: 2,
  questions: [
    {
      _id: 'q1',
      kind: 'MCQ',
      text: 'Find $10\\%$ of $80$.',
      topicName: 'Number',
      options: [
        { _id: 'q1a', text: '8' },
        { _id: 'q1b', text: '800' },
      ],
    },
    {
      _id: 'q2',
      kind: 'MCQ',
      text: 'Solve $2x = 6$.',
      topicName: 'Algebra',
      options: [
        { _id: 'q2a', text: '3' },
        { _id: 'q2b', text: '12' },
      ],
    },
  ],
};

const doc = (overrides: Partial<DiagnosticDoc> = {}): DiagnosticDoc => ({
  _id: 'dg_1',
  testId: 'dt_1',
  title: 'IGCSE Maths diagnostic',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  score: 1,
  maxScore: 2,
  percent: 50,
  topics: [
    { topicId: 't1', name: 'Number', score: 1, maxScore: 1, percent: 100 },
    { topicId: 't2', name: 'Algebra', score: 0, maxScore: 1, percent: 0 },
  ],
  recommendation: {
    level: 'Core',
    hours: 10,
    course: { _id: 'c1', title: 'IGCSE Mathematics with Theo' },
    plan: { _id: 'flexible_plan_standard', name: 'Standard pack, 10 hours', minutes: 600 },
    reasons: ['Scored 1 of 2 (50%) overall.', 'Needs work: Algebra (0%).'],
  },
  helper: { text: 'Scored 1 of 2 (50%) overall. Start with Algebra.', source: 'offline' },
  learnerName: 'Nora',
  user: { _id: 'guest_1', isLeadGenSubmitted: true, tutopiyaUserId: 'guest_1' },
  access: 'own',
  callbackRequested: false,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const offer = (overrides: Partial<DiagnosticPaymentOffer> = {}): DiagnosticPaymentOffer => ({
  diagnostic: doc({ learnerName: 'Sam', user: { _id: 'user_student', isLeadGenSubmitted: false, tutopiyaUserId: null } }),
  plan: { _id: 'flexible_plan_standard', name: 'Standard pack, 10 hours', minutes: 600, price: { amount: 55_000, currency: 'SGD' } },
  blocked: null,
  ...overrides,
});

async function answerBoth() {
  await userEvent.click(await screen.findByRole('radio', { name: 'A. 8' }, FIRST_PAINT));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
}

describe('taking a diagnostic', () => {
  it('lets a visitor answer, asks for their details, then saves their id in a cookie and reloads onto the result', async () => {
    const assign = vi.fn();
    const cookie = vi.spyOn(document, 'cookie', 'set');
    vi.stubGlobal('location', Object.assign(new URL(window.location.href), { assign, reload: vi.fn() }));
    const fetchMock = mockApi({
      'GET /api/tenant': () => json(TENANT),
      'POST /api/meta-tags/get': () => json({ title: null, description: null }),
      'POST /api/oauth/token': () => json({ access_token: 'g', token_type: 'Bearer', expires_in: 3600, oauthUser: GUEST }),
      'GET /api/diagnostics/tests/dt_1': () => json(test),
      'POST /api/diagnostics': ({ json: body }) =>
        (body as { lead?: { name: string } }).lead?.name
          ? json(doc(), 201)
          : json({ message: 'Lead is required.', errors: [{ path: 'lead.name', message: 'is required' }] }, 400),
    });
    renderApp('/diagnostics/take/dt_1');
    await answerBoth();
    expect(screen.getByText(/Where shall we keep your result\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByText(/is required/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Your name/), 'Nora Newton');
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'nora@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/learning-portal/diagnostics/dg_1'));
    expect(cookie).toHaveBeenCalledWith('studyhall_lead=guest_1; path=/learning-portal; max-age=31536000; samesite=lax');
    const sent = fetchMock.mock.calls.filter(([url, init]) => url === '/api/diagnostics' && init?.method === 'POST').pop()!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      testId: 'dt_1',
      answers: [{ questionId: 'q1', optionId: 'q1a' }],
      lead: { name: 'Nora Newton', email: 'nora@example.com' },
    });
  });

  it('takes a signed-in student straight to the result, without asking for details', async () => {
    mockApi({
      ...signedInApi(SAM),
      'GET /api/diagnostics/tests/dt_1': () => json(test),
      'POST /api/diagnostics': () => json(doc({ learnerName: 'Sam', user: { _id: 'user_student', isLeadGenSubmitted: false, tutopiyaUserId: null } }), 201),
      'GET /api/diagnostics/dg_1': () => json(doc({ learnerName: 'Sam' })),
    });
    storeSession(SAM);
    const router = renderApp('/diagnostics/take/dt_1');
    await answerBoth();
    expect(screen.queryByLabelText(/Your name/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByRole('heading', { name: 'Your diagnostic result' }, FIRST_PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/diagnostics/dg_1');
  });
});

describe('the result', () => {
  it('shows the marks by topic, the recommendation and why, says the helper is offline, and asks for a callback with the spec’s toast', async () => {
    const fetchMock = mockApi({
      ...signedInApi(SAM),
      'GET /api/diagnostics/dg_1': () => json(doc({ access: 'shared', learnerName: 'Nora' })),
      'GET /api/diagnostics/requestCallback/dg_1': () =>
        json({ message: 'Thank you for requesting callback. Our team will reach out to you shortly.', request: { _id: 'cb_1', createdAt: '' } }),
    });
    storeSession(SAM);
    renderApp('/diagnostics/dg_1?share=secret-token-0123456789');
    expect(await screen.findByRole('heading', { name: 'Nora’s diagnostic result' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Algebra' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('recommendation')).toHaveTextContent('Core');
    expect(screen.getByTestId('recommendation')).toHaveTextContent('Standard pack, 10 hours');
    expect(screen.getByText('Needs work: Algebra (0%).')).toBeInTheDocument();
    expect(screen.getByText('Offline helper')).toBeInTheDocument();
    expect(screen.getByText('The AI helper is offline here, so this advice comes from the rules above.')).toBeInTheDocument();
    // A parent from the e-mail does not share it on; they pay or ask for a call.
    expect(screen.queryByRole('button', { name: 'Share with a parent' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay for these lessons' })).toHaveAttribute('href', '/learning-portal/payment/dg_1?share=secret-token-0123456789');

    await userEvent.click(screen.getByRole('button', { name: 'Request a callback' }));
    expect(await screen.findAllByText('Thank you for requesting callback. Our team will reach out to you shortly.')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Request a callback' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/diagnostics/requestCallback/dg_1?share=secret-token-0123456789')).toBe(true);
  });

  it('shares the result with a parent and names a bad address', async () => {
    const fetchMock = mockApi({
      ...signedInApi(SAM),
      'GET /api/diagnostics/dg_1': () => json(doc({ learnerName: 'Sam' })),
      'POST /api/diagnostics/shareWithParent': ({ json: body }) =>
        (body as { email: string }).email.includes('@')
          ? json({ message: 'The result is on its way to your parent by e-mail.' }, 201)
          : json({ message: 'E-mail address: enter a valid email address.', errors: [{ path: 'email', message: 'Enter a valid email address' }] }, 400),
    });
    storeSession(SAM);
    renderApp('/diagnostics/dg_1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share with a parent' }, FIRST_PAINT));
    await userEvent.type(screen.getByLabelText(/Parent’s e-mail address/), 'mum');
    await userEvent.click(screen.getByRole('button', { name: 'Send the result' }));
    expect(await screen.findByText(/Enter a valid email address/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Parent’s e-mail address/), '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the result' }));
    expect(await screen.findByText('The result is on its way to your parent by e-mail.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/diagnostics/shareWithParent').pop()!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ diagnosticId: 'dg_1', email: 'mum@example.com' });
  });

  it('shows Not found for a result that is not the reader’s', async () => {
    mockApi({ ...signedInApi(SAM), 'GET /api/diagnostics/dg_9': () => json({ message: 'Diagnostic not found', errors: [] }, 404) });
    storeSession(SAM);
    renderApp('/diagnostics/dg_9');
    expect(await screen.findByRole('heading', { name: /not found/i }, FIRST_PAINT)).toBeInTheDocument();
  });
});

describe('the payment page', () => {
  it('shows the recommended plan at the learner’s price and Pay opens the checkout', async () => {
    const fetchMock = mockApi({
      ...signedInApi(SAM),
      'GET /api/diagnostics/payment/dg_1': () => json(offer()),
      'POST /api/diagnostics/payment/dg_1': () => json({ url: '/learning-portal/dev/checkout/cs_sim_1' }),
    });
    storeSession(SAM);
    const router = renderApp('/payment/dg_1');
    expect(await screen.findByRole('heading', { name: 'Pay for lessons' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Standard pack, 10 hours')).toBeInTheDocument();
    expect(screen.getByText('SGD 550.00')).toBeInTheDocument();
    expect(screen.getByText(/We recommend the Core level on “IGCSE Mathematics with Theo”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_1'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/diagnostics/payment/dg_1' && init?.method === 'POST')).toBe(true);
  });

  it('tells a visitor to create an account first, with no Pay button', async () => {
    mockApi({
      ...signedInApi(SAM),
      'GET /api/diagnostics/payment/dg_1': () =>
        json(offer({ plan: null, blocked: 'Create a free account to pay: your result stays with you when you sign up.' })),
    });
    storeSession(SAM);
    renderApp('/payment/dg_1');
    expect(await screen.findByText('Create a free account to pay: your result stays with you when you sign up.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/learning-portal/sign-up');
  });
});
