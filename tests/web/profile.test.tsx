import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, profileOf, user } from './fetch-mock';

const TUTOR = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', email: 'tutor@studyhall.test', role: { name: 'TUTOR', isGuest: false } });
const PROFILE = profileOf(TUTOR);

afterEach(() => vi.unstubAllGlobals());

function mockProfileApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...TUTOR, actingFor: TUTOR }),
    'GET /api/user/user_tutor': () => json(PROFILE),
    ...extra,
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && c[0] === path);

describe('profile', () => {
  it('checks the details with the API schema before sending, then saves and updates the header', async () => {
    const fetchMock = mockProfileApi({
      'PUT /api/user': ({ json: body }) => json({ ...PROFILE, ...(body as object), phone: (body as { phone: string }).phone || null }),
    });
    storeSession(TUTOR);
    renderApp('/portal/profile');
    const first = await screen.findByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(screen.getByLabelText(/Phone/), 'call me maybe');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText(/ is required\.$/)).length).toBeGreaterThan(0);
    expect(screen.getByText('Phone must be a phone number such as +65 6123 4567.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT', '/api/user')).toHaveLength(0);

    await userEvent.type(first, 'Theodore');
    await userEvent.clear(screen.getByLabelText(/Phone/));
    await userEvent.type(screen.getByLabelText(/Phone/), '+65 6123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    const sent = JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/user')[0]![1]!.body));
    expect(sent).toMatchObject({ firstname: 'Theodore', phone: '+65 6123 4567', timezone: 'Asia/Singapore', currency: 'USD' });
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Theodore Tutor');
    expect(JSON.parse(localStorage.getItem('studyhall.user')!).firstname).toBe('Theodore');
  });

  it('brings a wrong phone number into view below the header and focuses it, so its error is not hidden', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    mockProfileApi();
    storeSession(TUTOR);
    renderApp('/portal/profile');
    const phone = await screen.findByLabelText(/Phone/);
    await userEvent.type(phone, 'call me maybe');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone must be a phone number such as +65 6123 4567.')).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(scrolled).toEqual([phone]);
    vi.restoreAllMocks();
  });

  it('shows the server’s field error next to the field', async () => {
    mockProfileApi({
      'PUT /api/user': () =>
        json(
          {
            message: 'country: must be an ISO 3166 country code such as SG',
            errors: [{ path: 'country', message: 'must be an ISO 3166 country code such as SG' }],
          },
          400,
        ),
    });
    storeSession(TUTOR);
    renderApp('/portal/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Country must be an ISO 3166 country code such as SG.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows a tutor's Experience, Qualifications and Achievements only on a tutor's profile", async () => {
    const SAM = user();
    mockApi({ ...baseApi, 'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }), 'GET /api/user/user_student': () => json(profileOf(SAM)) });
    storeSession(SAM);
    renderApp('/portal/profile');
    expect(await screen.findByRole('heading', { name: 'Languages' })).toBeInTheDocument();
    for (const title of ['Experience', 'Qualifications', 'Achievements']) expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });

  it('adds, edits and deletes an experience through dialogs', async () => {
    let saved: Record<string, unknown> = {};
    const fetchMock = mockProfileApi({
      'POST /api/user/experiences': ({ json: body }) => {
        saved = { _id: 'exp1', userId: 'user_tutor', ...(body as object) };
        return json(saved, 201);
      },
      'PUT /api/user/experiences/exp1': ({ json: body }) => json({ ...saved, ...(body as object) }),
      'DELETE /api/user/experiences/exp1': () => json(saved),
    });
    storeSession(TUTOR);
    renderApp('/portal/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Add experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add experience' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(/ is required\.$/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Role/), 'Maths teacher');
    await userEvent.type(within(dialog).getByLabelText(/Organisation/), 'Raffles');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Experience added!')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/user/experiences')[0]![1]!.body))).toEqual({
      title: 'Maths teacher',
      organisation: 'Raffles',
      startDate: null,
      endDate: null,
      description: '',
    });
    const list = screen.getByRole('list', { name: 'Experience' });
    expect(within(list).getByText('Maths teacher')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Maths teacher' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit experience' });
    expect(within(edit).getByLabelText(/Role/)).toHaveValue('Maths teacher');
    await userEvent.clear(within(edit).getByLabelText(/Role/));
    await userEvent.type(within(edit).getByLabelText(/Role/), 'Head of maths');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Experience updated!')).toBeInTheDocument();
    expect(within(list).getByText('Head of maths')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Head of maths' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete experience?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Experience deleted!')).toBeInTheDocument();
    expect(await screen.findByText('No experience added yet.')).toBeInTheDocument();
  });

  it('deleting the account asks for the password, says what is kept, then signs out to the portal root', async () => {
    const fetchMock = mockProfileApi({
      'PUT /api/user/delete': ({ json: body }) =>
        (body as { password: string }).password === 'right'
          ? json({ message: 'Your account has been deleted' })
          : json({ message: 'password: is incorrect', errors: [{ path: 'password', message: 'is incorrect' }] }, 400),
      'POST /api/oauth/token': () =>
        json({ access_token: 'g', token_type: 'Bearer', expires_in: 3600, oauthUser: user({ _id: 'guest', role: { name: 'GUEST', isGuest: true } }) }),
      'GET /api/curriculums/getCurriculumsForHomePage': () => json([]),
    });
    storeSession(TUTOR);
    const router = renderApp('/portal/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your name, email, phone, country, bio and photo');
    expect(dialog).toHaveTextContent('invoices, payments and lesson history');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(/ is required\.$/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/user/delete')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Your password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(/ is incorrect\.$/)).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/Your password/));
    await userEvent.type(within(dialog).getByLabelText(/Your password/), 'right');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/learning-portal\/?$/));
    await waitFor(() => expect(localStorage.getItem('studyhall.token')).toBe('g'));
  });

  it('refuses an avatar that is too big or not an image before uploading', async () => {
    mockProfileApi();
    storeSession(TUTOR);
    renderApp('/portal/profile');
    const input = await screen.findByTestId('avatar-input');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an image of 2 MB or less.');
    await userEvent.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image.');
  });
});
