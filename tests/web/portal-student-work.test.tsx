import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { StudentHomeData } from '../../schema/contracts/home';
import StudentWork from '../../web/pages/portal/StudentWork';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');

const renderWork = (value: StudentHomeData) =>
  render(
    <MemoryRouter>
      <StudentWork data={{ status: 'ready', value, fromDevice: false, fetchedAt: NOW }} zone="Europe/London" now={NOW} />
    </MemoryRouter>,
  );

describe("a student's homework and quizzes on the portal home", () => {
  it('lists homework with its course and due date, and each unfinished quiz with a way back into it', () => {
    renderWork({
      homeworkDue: [{ _id: 'h1', title: 'Worksheet 3', dueAt: '2026-11-26T17:00:00.000Z', course: { _id: 'c1', title: 'IGCSE Maths' } }],
      quizzesInProgress: [{ _id: 's1', quizId: 'q1', title: 'Linear equations A', subject: 'Mathematics', updatedAt: '2026-11-24T10:00:00.000Z' }],
    });
    const homework = within(screen.getByTestId('homework-due'));
    expect(homework.getByRole('link', { name: 'Worksheet 3' })).toHaveAttribute('href', '/portal/courses/c1');
    expect(homework.getByText('IGCSE Maths · due Thu 26 Nov, 5:00 PM')).toBeInTheDocument();
    const quizzes = within(screen.getByTestId('quizzes-in-progress'));
    expect(quizzes.getByRole('link', { name: 'Continue Linear equations A' })).toHaveAttribute('href', '/startSubmission/q1');
  });

  it('says so when there is nothing to do', () => {
    renderWork({ homeworkDue: [], quizzesInProgress: [] });
    expect(screen.getByText('No homework due.')).toBeInTheDocument();
    expect(screen.getByText('No quizzes in progress.')).toBeInTheDocument();
  });
});
