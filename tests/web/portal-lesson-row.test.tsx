import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type ScheduleLesson, scheduleLessonTypes } from '../../schema/contracts/schedule';
import LessonRow from '../../web/pages/portal/LessonRow';

const START = Date.parse('2026-11-25T09:00:00.000Z');
const MIN = 60_000;

function lesson(overrides: Partial<ScheduleLesson> = {}): ScheduleLesson {
  return {
    _id: 'l1',
    title: 'Quadratics',
    kind: 'ZOOM',
    start: new Date(START).toISOString(),
    end: new Date(START + 60 * MIN).toISOString(),
    duration: 60,
    status: 'ACTIVE',
    lessonKind: null,
    lessonType: scheduleLessonTypes[0],
    joinUrl: '/learning-portal/waiting-room/l1',
    cancelReason: null,
    course: { _id: 'c1', title: 'IGCSE Maths', subject: 'Maths', curriculum: 'IGCSE', grade: 'Grade 10' },
    attendees: [],
    lessonStatus: 'scheduled',
    joinOpensAt: new Date(START - 15 * MIN).toISOString(),
    joinClosesAt: new Date(START + 60 * MIN).toISOString(),
    canJoin: false,
    ...overrides,
  };
}

const renderRow = (row: ScheduleLesson, now: number) =>
  render(
    <MemoryRouter>
      <ul>
        <LessonRow lesson={row} zone="Europe/London" now={now} />
      </ul>
    </MemoryRouter>,
  );

describe('a lesson on the portal home', () => {
  it('before the window: Join is disabled and says in text when it opens, and the lesson is not live', () => {
    renderRow(lesson(), START - 3 * 60 * MIN);
    expect(screen.getByRole('button', { name: 'Join Quadratics' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Join Quadratics' })).not.toBeInTheDocument();
    expect(screen.getByTestId('join-opens')).toHaveTextContent('Opens at 8:45');
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
  });

  it('a day ahead: the disabled Join says how long until it opens', () => {
    renderRow(lesson(), START - 30 * 60 * MIN);
    expect(screen.getByTestId('join-opens')).toHaveTextContent('Opens in 30 h');
  });

  it('days ahead: the countdown and the opening agree on the day', () => {
    renderRow(lesson(), START - (2 * 24 + 21) * 60 * MIN);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Starts in 3 days');
    expect(screen.getByTestId('join-opens')).toHaveTextContent('Opens in 3 days');
  });

  it('a week ahead: a start just short of seven and a half days reads 7 days in both', () => {
    renderRow(lesson(), START - (7 * 24 + 11) * 60 * MIN - 50 * MIN);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Starts in 7 days');
    expect(screen.getByTestId('join-opens')).toHaveTextContent('Opens in 7 days');
  });

  it('when the server says it can be joined: Join leads to the waiting room, and it is not live before the start', () => {
    renderRow(lesson({ canJoin: true }), START - 10 * MIN);
    expect(screen.getByRole('link', { name: 'Join Quadratics' })).toHaveAttribute('href', '/learning-portal/waiting-room/l1');
    expect(screen.queryByTestId('join-opens')).not.toBeInTheDocument();
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
  });

  it('a copy answered before the window opens Join once the page reaches it, and shows Live from the start', () => {
    renderRow(lesson(), START + 5 * MIN);
    expect(screen.getByRole('link', { name: 'Join Quadratics' })).toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Live');
  });

  it('live while the server says so, and not after the end', () => {
    const live = lesson({ lessonStatus: 'live', canJoin: true });
    const { unmount } = renderRow(live, START + 20 * MIN);
    expect(screen.getByTestId('live-badge')).toBeInTheDocument();
    unmount();
    renderRow(live, START + 61 * MIN);
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join Quadratics' })).not.toBeInTheDocument();
  });

  it('a cancelled lesson offers no Join and is never live', () => {
    renderRow(lesson({ lessonStatus: 'cancelled', status: 'CANCELLED' }), START + 5 * MIN);
    expect(screen.queryByRole('link', { name: 'Join Quadratics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Quadratics' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('live-badge')).not.toBeInTheDocument();
  });
});
