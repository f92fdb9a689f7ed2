import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleLesson } from '../../schema/contracts/schedule';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false }, timezone: 'Asia/Singapore' });

const lesson = (id: string, start: string, subject: string, extra: Partial<ScheduleLesson> = {}): ScheduleLesson => ({
  _id: id,
  title: `${subject} lesson`,
  kind: 'ZOOM',
  start,
  end: new Date(Date.parse(start) + 3600_000).toISOString(),
  duration: 60,
  status: 'ACTIVE',
  lessonKind: 'LESSON',
  lessonType: '1 on 1',
  joinUrl: `/learning-portal/waiting-room/${id}`,
  cancelReason: null,
  course: { _id: `course_${subject}`, title: `IGCSE ${subject}`, subject, curriculum: 'Cambridge IGCSE', grade: 'Grade 10' },
  attendees: [{ _id: 'user_student', firstname: 'Sam', lastname: 'Student', kind: 'STUDENT' }],
  lessonStatus: 'scheduled',
  joinOpensAt: new Date(Date.parse(start) - 15 * 60_000).toISOString(),
  joinClosesAt: new Date(Date.parse(start) + 3600_000).toISOString(),
  canJoin: false,
  ...extra,
});

function renderSchedule(path: string, lessons: ScheduleLesson[], who: ReturnType<typeof user> = THEO) {
  storeSession(who);
  const fetchMock = mockApi({
    ...signedInApi(who),
    [`GET /api/schedule/list/${String(who._id)}`]: () => json({ docs: lessons, totalDocs: lessons.length, limit: lessons.length, offset: 0 }),
  });
  const router = renderApp(path);
  return { router, fetchMock };
}

const scheduleCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/schedule/list/'));

// The page loads lazily, and the first render of a file pays for the whole import graph.
describe('schedule page', { timeout: 30_000 }, () => {
  it("asks for the week in the viewer's zone and draws lessons on their local day, cancelled ones struck through", async () => {
    const lessons = [
      // 17:30 UTC on the 24th is 01:30 on the 25th in Singapore.
      lesson('l1', '2026-11-24T17:30:00Z', 'Physics'),
      lesson('l2', '2026-11-23T02:00:00Z', 'Mathematics', { status: 'CANCELLED' }),
    ];
    const { fetchMock } = renderSchedule('/portal/schedule?view=week&date=2026-11-25', lessons);
    expect(await screen.findByTestId('schedule-title', {}, { timeout: 10_000 })).toHaveTextContent('22 – 28 Nov 2026');
    await waitFor(() => expect(screen.getAllByTestId('calendar-lesson')).toHaveLength(2), { timeout: 10_000 });
    const query = new URL(scheduleCalls(fetchMock)[0]!, 'http://x').searchParams;
    expect(query.get('startDate')).toBe('2026-11-21T16:00:00.000Z');
    expect(query.get('endDate')).toBe('2026-11-28T16:00:00.000Z');
    const wednesday = document.querySelector('[data-day="2026-11-25"]') as HTMLElement;
    expect(within(wednesday).getByRole('link', { name: /IGCSE Physics/ })).toHaveAttribute('href', '/learning-portal/portal/courses/course_Physics');
    const cancelled = document.querySelector('[data-status="CANCELLED"]') as HTMLElement;
    expect(cancelled.className).toContain('line-through');
  });

  it('moves with the arrow keys and t, switches views, and shows the empty state', async () => {
    const { router } = renderSchedule('/portal/schedule?view=week&date=2026-11-25', []);
    expect(await screen.findByText('No lessons this week.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await act(async () => {
      await user.keyboard('{ArrowDown}');
    });
    expect(router.state.location.search).toContain('date=2026-12-02');
    expect(screen.getByTestId('schedule-title')).toHaveTextContent('29 Nov – 5 Dec 2026');
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(screen.getByTestId('schedule-title')).toHaveTextContent('December 2026');
    await user.click(screen.getByRole('radio', { name: 'Agenda' }));
    expect(await screen.findByText('Nothing scheduled', {}, { timeout: 10_000 })).toBeInTheDocument();
    await act(async () => {
      await user.keyboard('t');
    });
    expect(router.state.location.search).not.toContain('date=2026-12-02');
  });

  it('lists lessons in the agenda with who attends and an Add to calendar button', async () => {
    renderSchedule('/portal/schedule?view=agenda&date=2026-11-23', [lesson('l1', '2026-11-24T02:00:00Z', 'Mathematics')]);
    const card = await screen.findByTestId('agenda-lesson', {}, { timeout: 10_000 });
    expect(card).toHaveTextContent('10:00 AM');
    expect(card).toHaveTextContent('Sam Student');
    expect(within(card).getByRole('button', { name: 'Add Mathematics lesson to calendar' })).toBeInTheDocument();
  });

  it("offers Join only in the server's join window and says in text when a later one opens", async () => {
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const soon = lesson('soon', inMinutes(5), 'Mathematics', { joinOpensAt: inMinutes(-10), canJoin: true });
    const later = lesson('later', inMinutes(3 * 60 + 20), 'Physics');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(Date.now());
    renderSchedule(`/portal/schedule?view=agenda&date=${today}`, [soon, later]);
    await waitFor(() => expect(screen.getAllByTestId('agenda-lesson')).toHaveLength(2), { timeout: 10_000 });
    const [first, second] = screen.getAllByTestId('agenda-lesson');
    expect(within(first!).getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/learning-portal/waiting-room/soon');
    expect(within(second!).getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(within(second!).getByTestId('join-opens')).toHaveTextContent(/^Opens (at \d{1,2}:\d{2}|in 3 h)$/);
  });

  it('asks a parent who acts for nobody to choose a student', async () => {
    const parent = user({
      _id: 'user_parent',
      firstname: 'Pat',
      lastname: 'Parent',
      role: { name: 'PARENT', isGuest: false },
      userMapper: [{ _id: 'user_student', firstname: 'Sam', lastname: 'Student' }],
    });
    renderSchedule('/portal/schedule', [], parent);
    expect(await screen.findByText('Choose a student', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage accounts' })).toHaveAttribute('href', '/learning-portal/manage-accounts');
  });
});
