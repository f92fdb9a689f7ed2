import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingHeader, baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const SAM = { _id: 'user_student', firstname: 'Sam', lastname: 'Student' };
const MAYA = { _id: 'user_student2', firstname: 'Maya', lastname: 'Student' };
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false }, userMapper: [MAYA, SAM] });
const card = (s: typeof SAM, grade: string | null) => ({ ...s, avatar: null, curriculum: grade ? 'Cambridge IGCSE' : null, grade, onboarded: true });

afterEach(() => vi.unstubAllGlobals());

function mockParentApi() {
  const seen: (string | null)[] = [];
  const fetchMock = mockApi({
    ...baseApi,
    'GET /api/user/authUser': ({ init }) =>
      json({ ...PARENT, actingFor: actingHeader(init) === SAM._id ? SAM : { _id: PARENT._id, firstname: 'Pat', lastname: 'Parent' } }),
    'GET /api/user/mapped-students': ({ init }) => {
      seen.push(actingHeader(init));
      return actingHeader(init) === PARENT._id ? json([card(MAYA, null), card(SAM, 'Grade 10')]) : json({ message: 'Switch back', errors: [] }, 403);
    },
  });
  return { fetchMock, seen };
}

describe('manage accounts', () => {
  it('switches back to the parent on arrival, lists the students and acts for the one chosen', async () => {
    storeSession(PARENT, SAM._id);
    const { seen } = mockParentApi();
    const router = renderApp('/manage-accounts');

    const cards = await screen.findAllByTestId('student-card');
    expect(cards.map((c) => within(c).getByRole('button').textContent)).toEqual(['Act as Maya', 'Act as Sam']);
    expect(within(cards[1]!).getByText('Cambridge IGCSE · Grade 10')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('No grade yet')).toBeInTheDocument();
    expect(seen).toEqual([PARENT._id]);
    expect(screen.queryByTestId('acting-for')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Act as Maya' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Maya' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/portal');
    expect(localStorage.getItem('studyhall.actingUserId')).toBe(MAYA._id);
    expect(screen.getByTestId('acting-for')).toHaveAccessibleName('Acting for Maya Student. Switch account');

    await userEvent.click(screen.getByTestId('acting-for'));
    expect(await screen.findAllByTestId('student-card')).toHaveLength(2);
    expect(localStorage.getItem('studyhall.actingUserId')).toBe(PARENT._id);
    expect(screen.queryByTestId('acting-for')).not.toBeInTheDocument();
  });

  it('later calls carry the chosen student as x-user-id', async () => {
    storeSession(PARENT);
    const { fetchMock } = mockParentApi();
    renderApp('/manage-accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Act as Sam' }));
    await screen.findByRole('heading', { name: 'Welcome back, Sam' });
    fetchMock.mockClear();
    const { api } = await import('../../web/lib/api');
    await api('/user/authUser');
    expect(actingHeader(fetchMock.mock.calls[0]![1]!)).toBe(SAM._id);
  });

  it('ignores a stored acting id that is not one of the parent’s students', async () => {
    storeSession(PARENT, 'user_stranger');
    mockParentApi();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Pat' })).toBeInTheDocument();
    expect(screen.queryByTestId('acting-for')).not.toBeInTheDocument();
  });

  it('shows an empty state to a parent with no students, and a plain message to others', async () => {
    storeSession(PARENT);
    mockApi({ ...baseApi, 'GET /api/user/authUser': () => json({ ...PARENT, actingFor: PARENT }), 'GET /api/user/mapped-students': () => json([]) });
    renderApp('/manage-accounts');
    expect(await screen.findByText('No students are linked to your account yet')).toBeInTheDocument();
  });

  it('tells a student the page is for parents without calling the parent-only list', async () => {
    const student = user();
    storeSession(student);
    const fetchMock = mockApi({ ...baseApi, 'GET /api/user/authUser': () => json({ ...student, actingFor: student }) });
    renderApp('/manage-accounts');
    expect(await screen.findByText(/Linked accounts are for parents/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('mapped-students'))).toBe(false));
  });
});
