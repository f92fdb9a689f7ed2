import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentTrials, Trial } from '../../schema/contracts/trials';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const trial = (over: Partial<Trial>): Trial => ({
  _id: 't1',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  studentId: 'user_student',
  tutorId: 'theo',
  student: null,
  tutor: { _id: 'theo', firstname: 'Theo', lastname: 'Tutor', email: null },
  courseId: 'course1',
  sectionId: 's1',
  start: '2031-01-06T01:00:00.000Z',
  end: '2031-01-06T01:30:00.000Z',
  status: 'SCHEDULED',
  outcome: null,
  notes: '',
  createdBy: 'user_student',
  createdAt: '2030-12-01T00:00:00.000Z',
  updatedAt: '2030-12-01T00:00:00.000Z',
  ...over,
});

function open(body: StudentTrials) {
  storeSession(user());
  mockApi({ ...baseApi, 'GET /api/user/authUser': () => json({ ...user(), actingFor: user() }), 'GET /api/trials': () => json(body) });
  renderApp('/portal/trials');
}

describe('my trials', () => {
  it('lists upcoming and completed trials in the student’s zone, each linking to its course', async () => {
    open({
      upcomingTrials: [trial({})],
      completedTrials: [trial({ _id: 't2', subject: 'Physics', status: 'SUCCEED', courseId: 'course2', start: '2024-01-01T01:00:00.000Z' })],
    });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const link = within(upcoming).getByRole('link', { name: /Mathematics \(Grade 10\)/ });
    expect(link).toHaveAttribute('href', '/learning-portal/portal/courses/course1');
    expect(link).toHaveTextContent('09:00');
    expect(link).toHaveTextContent('with Theo Tutor');
    expect(within(screen.getByRole('region', { name: 'Completed' })).getByText('SUCCEED')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    open({ upcomingTrials: [], completedTrials: [] });
    expect(await screen.findByText('No trial classes coming up. Book one to meet a tutor.')).toBeInTheDocument();
    expect(screen.getByText('Trial classes you have had will show here.')).toBeInTheDocument();
  });
});
