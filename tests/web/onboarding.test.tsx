import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const NEW_STUDENT = user({ _id: 'user_new', firstname: 'Nia', onboarded: false });
const CATALOGUE = [
  {
    _id: 'c1',
    curriculum: 'Cambridge IGCSE',
    subjects: [
      { subject: 'Mathematics', grade: [{ grade: 'Grade 9' }, { grade: 'Grade 10' }] },
      { subject: 'Physics', grade: [{ grade: 'Grade 10' }] },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('onboarding', () => {
  it('sends a new student from the dashboard to onboarding, saves the choices and is not asked again', async () => {
    let onboarded = false;
    const fetchMock = mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...NEW_STUDENT, onboarded, actingFor: NEW_STUDENT }),
      'GET /api/onboarding': () => json({ required: !onboarded, onboarded, role: 'STUDENT', missing: ['curriculum', 'grade', 'subjects'] }),
      'GET /api/curriculums/list-with-grades': () => json(CATALOGUE),
      'POST /api/onboarding': () => {
        onboarded = true;
        return json({ ...NEW_STUDENT, onboarded: true });
      },
    });
    storeSession(NEW_STUDENT);
    const router = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Nia' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/onboarding');

    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(screen.getAllByText(/ is required\.$/).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'POST' && c[0] === '/api/onboarding')).toBe(false);

    expect(screen.getByLabelText(/Grade/)).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText(/Curriculum/), 'Cambridge IGCSE');
    await userEvent.selectOptions(screen.getByLabelText(/Grade/), 'Grade 9');
    expect(screen.getByRole('checkbox', { name: 'Mathematics' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Physics' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Grade/), 'Grade 10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Physics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Nia' })).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => c[1]?.method === 'POST' && c[0] === '/api/onboarding')![1]!.body));
    expect(body).toEqual({ role: 'STUDENT', curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['Physics'], timezone: expect.any(String) });
    expect(JSON.parse(localStorage.getItem('studyhall.user')!).onboarded).toBe(true);

    await router.navigate('/onboarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dashboard'));
  });

  it('tells a tutor that availability comes later', async () => {
    const tutor = user({ _id: 'user_t', firstname: 'Tom', role: { name: 'TUTOR', isGuest: false }, onboarded: false });
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...tutor, actingFor: tutor }),
      'GET /api/onboarding': () => json({ required: true, onboarded: false, role: 'TUTOR', missing: ['subjects', 'bio', 'experience'] }),
      'GET /api/curriculums/list-with-grades': () => json(CATALOGUE),
    });
    storeSession(tutor);
    renderApp('/onboarding');
    expect(await screen.findByText(/weekly availability is set up with scheduling/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByText('add at least one subject')).toBeInTheDocument();
    expect(screen.getByLabelText(/About you/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/About you/), 'Short bio');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByText(/^About you must be at least 20 characters\.$/)).toBeInTheDocument();
  });
});
