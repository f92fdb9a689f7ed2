import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ChildResultList } from '../../web/pages/portal/FamilyParts';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const FIRST_PAINT = { timeout: 10_000 };
const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Asia/Singapore' });
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false }, timezone: 'Asia/Singapore' });

const attempt = {
  _id: 'sub1',
  quizId: 'quiz1',
  quizTitle: 'Linear equations A',
  status: 'COMPLETED',
  score: 7,
  maxScore: 10,
  band: null,
  // 01:30 in UTC is 09:30 in Singapore, the reader's zone.
  createdAt: '2026-01-05T01:30:00.000Z',
  completedAt: '2026-01-05T01:50:00.000Z',
};

function openHistory(who: ReturnType<typeof user>) {
  storeSession(who);
  mockApi({
    ...signedInApi(who),
    'GET /api/admin/submissions/quizHistory/user_student': () =>
      json({ docs: [attempt], totalDocs: 1, limit: 20, offset: 0, learner: { _id: 'user_student', firstname: 'Sam', lastname: 'Student' } }),
  });
  renderApp('/portal/students/user_student/quizzes');
}

describe("a learner's quiz attempts", () => {
  it("shows an admin each attempt's time in the admin's zone, as the rest of the page", async () => {
    openHistory(ADMIN);
    const list = await screen.findByTestId('attempt-list', {}, FIRST_PAINT);
    expect(list).toHaveTextContent('5 Jan 2026, 09:30');
    expect(screen.getByText(/and to change a mark/)).toBeInTheDocument();
  });

  it("opens for a parent, who reads each answer's mark and is not told of changing one", async () => {
    openHistory(PARENT);
    const list = await screen.findByTestId('attempt-list', {}, FIRST_PAINT);
    expect(within(list).getByRole('link', { name: /Linear equations A/ })).toHaveAttribute(
      'href',
      '/learning-portal/portal/students/user_student/quizzes/sub1',
    );
    expect(screen.getByText('Open an attempt to see each answer and why it got its mark.')).toBeInTheDocument();
  });
});

describe("a parent's recent results", () => {
  it("link each result to its attempt's review", () => {
    render(
      <MemoryRouter>
        <ChildResultList
          child={{ _id: 'user_student', firstname: 'Sam' }}
          zone="Asia/Singapore"
          now={Date.parse('2026-01-06T00:00:00.000Z')}
          results={[
            { _id: 'sub1', quizId: 'quiz1', title: 'Linear equations A', subject: 'Mathematics', score: 7, maxScore: 10, finishedAt: attempt.completedAt },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Linear equations A/ })).toHaveAttribute('href', '/portal/students/user_student/quizzes/sub1');
  });
});
