import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WaitingNowList from '../../web/features/portal/WaitingNowList';

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
