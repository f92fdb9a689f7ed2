import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type ScheduleLesson, scheduleLessonTypes } from '../../schema/contracts/schedule';
import { ChildResultList, FamilySchedule } from '../../web/pages/portal/FamilyParts';
import LateTutorList from '../../web/pages/portal/LateTutorList';
import WaitingNowList from '../../web/pages/portal/WaitingNowList';

const lesson = (students: { _id: string; name: string }[]) => ({
  lessonId: 'l1',
  title: 'Algebra, lesson 2',
  course: { _id: 'c1', title: 'IGCSE Maths' },
  start: '2026-11-25T09:00:00.000Z',
  joinUrl: '/learning-portal/waiting-room/l1',
  students,
});

describe("a tutor's students waiting now", () => {
  it('says who is waiting for which lesson, with the way into its waiting room', () => {
    render(<WaitingNowList waiting={[lesson([{ _id: 's1', name: 'Sam Lee' }])]} />);
    expect(screen.getByTestId('waiting-now')).toHaveTextContent('Sam Lee is waiting for Algebra, lesson 2');
    expect(screen.getByRole('link', { name: 'Open the waiting room of Algebra, lesson 2' })).toHaveAttribute('href', '/learning-portal/waiting-room/l1');
  });

  it('names every student of a group, and says so when nobody waits', () => {
    const { rerender } = render(
      <WaitingNowList
        waiting={[
          lesson([
            { _id: 's1', name: 'Sam Lee' },
            { _id: 's2', name: 'Maya Lim' },
          ]),
        ]}
      />,
    );
    expect(screen.getByTestId('waiting-now')).toHaveTextContent('Sam Lee and Maya Lim are waiting for Algebra, lesson 2');
    rerender(<WaitingNowList waiting={[]} />);
    expect(screen.getByText('Nobody is waiting for you now.')).toBeInTheDocument();
  });
});

describe("an admin's late tutors", () => {
  const late = (tutor: { _id: string; name: string } | null, minutesLate: number) => ({
    lessonId: 'l1',
    title: 'Mathematics lesson 2',
    course: { _id: 'c1', title: 'IGCSE Maths' },
    start: '2026-11-25T09:00:00.000Z',
    tutor,
    minutesLate,
  });
  const renderList = (lessons: ReturnType<typeof late>[]) =>
    render(
      <MemoryRouter>
        <LateTutorList lessons={lessons} zone="Europe/London" now={Date.parse('2026-11-25T09:07:00.000Z')} />
      </MemoryRouter>,
    );

  it('names the tutor, how late and the lesson, which leads to Admin → Meetings', () => {
    renderList([late({ _id: 't1', name: 'Theo Tutor' }, 7)]);
    expect(screen.getByTestId('late-tutor')).toHaveTextContent('Theo Tutor is 7 minutes late for Mathematics lesson 2');
    expect(screen.getByTestId('late-tutor')).toHaveTextContent('IGCSE Maths · started Wed 25 Nov, 9:00 AM');
    expect(screen.getByRole('link', { name: 'Mathematics lesson 2' })).toHaveAttribute('href', '/portal/admin/meetings');
  });

  it('says when a lesson has no tutor at all, and when nobody is late', () => {
    const { unmount } = renderList([late(null, 1)]);
    expect(screen.getByTestId('late-tutor')).toHaveTextContent('No tutor has come to Mathematics lesson 2, 1 minute after its start');
    unmount();
    renderList([]);
    expect(screen.getByText('No tutor is late.')).toBeInTheDocument();
  });
});

describe("a parent's family parts", () => {
  const NOW = Date.parse('2026-11-24T12:00:00.000Z');
  const lesson = (id: string, start: string, children: string[]): ScheduleLesson & { children: { _id: string; firstname: string }[] } => ({
    _id: id,
    title: `Lesson ${id}`,
    kind: 'ZOOM',
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    duration: 60,
    status: 'ACTIVE',
    lessonKind: null,
    lessonType: scheduleLessonTypes[0],
    joinUrl: `/learning-portal/waiting-room/${id}`,
    cancelReason: null,
    course: { _id: 'c1', title: 'IGCSE Maths', subject: 'Maths', curriculum: 'IGCSE', grade: 'Grade 10' },
    attendees: [],
    lessonStatus: 'scheduled',
    joinOpensAt: start,
    joinClosesAt: start,
    canJoin: false,
    children: children.map((firstname) => ({ _id: firstname, firstname })),
  });

  it("shows each result's score, and says so when there is none", () => {
    const { unmount } = render(
      <MemoryRouter>
        <ChildResultList
          child={{ _id: 'sam', firstname: 'Sam' }}
          zone="Europe/London"
          now={NOW}
          results={[
            { _id: 'a', quizId: 'q', title: 'Linear equations A', subject: 'Mathematics', score: 7.5, maxScore: 10, finishedAt: '2026-11-23T16:00:00.000Z' },
            { _id: 'b', quizId: 'q', title: 'Forces', subject: 'Physics', score: null, maxScore: null, finishedAt: '2026-11-22T16:00:00.000Z' },
          ]}
        />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByTestId('child-result');
    expect(first).toHaveTextContent('Linear equations AMathematics · finished Mon 23 Nov, 4:00 PM7.5 / 10');
    expect(second).toHaveTextContent('Not marked yet');
    unmount();
    render(<ChildResultList child={{ _id: 'sam', firstname: 'Sam' }} zone="Europe/London" now={NOW} results={[]} />);
    expect(screen.getByText('Sam has not finished a quiz yet.')).toBeInTheDocument();
  });

  it('labels each lesson of the family schedule with the children it is for', () => {
    render(
      <MemoryRouter>
        <FamilySchedule
          zone="Europe/London"
          now={NOW}
          lessons={[lesson('1', '2026-11-25T09:00:00.000Z', ['Maya', 'Sam']), lesson('2', '2026-11-26T09:00:00.000Z', ['Sam'])]}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('lesson-tag').map((tag) => tag.textContent)).toEqual(['For Maya and Sam', 'For Sam']);
    expect(screen.queryByRole('link', { name: /^Join/ })).not.toBeInTheDocument();
  });
});
