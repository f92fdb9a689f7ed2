import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LessonReportView } from '../../schema/contracts/lesson-reports';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false }, timezone: 'Europe/London' });
const SAM = user({ timezone: 'Europe/London' });
const FIRST_PAINT = { timeout: 5000 };

const draft = (overrides: Partial<LessonReportView> = {}): LessonReportView => ({
  _id: null,
  sectionId: 'lesson_1',
  status: 'DRAFT',
  lesson: { title: 'Quadratics', start: '2030-01-07T09:00:00.000Z', duration: 60, course: { _id: 'c1', title: 'IGCSE Mathematics' } },
  tutor: { _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor' },
  student: { _id: 'user_student', firstname: 'Sam', lastname: 'Student' },
  summary: '',
  covered: ['Factorising', 'Completing the square'],
  bookmarkedPages: [2],
  boardPages: 3,
  minutesInRoom: 55,
  homework: [{ title: 'Quadratics worksheet', dueAt: '2030-01-10T17:00:00.000Z' }],
  sentAt: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('lesson reports', () => {
  it('gives the tutor the draft drawn from the room, refuses to send it empty, and sends what was written', async () => {
    const fetchMock = mockApi({
      ...signedInApi(THEO),
      'GET /api/lesson-reports/lesson_1': () => json([draft()]),
      'POST /api/lesson-reports/lesson_1/user_student/send': ({ json: body }) =>
        json({ ...draft(), ...(body as object), _id: 'r1', status: 'SENT', sentAt: '2030-01-07T11:00:00.000Z', message: 'Lesson report sent!' }),
    });
    storeSession(THEO);
    renderApp('/portal/lesson-reports/lesson_1');
    const card = await screen.findByTestId('lesson-report', {}, FIRST_PAINT);
    const facts = within(card).getByTestId('report-facts');
    expect(facts).toHaveTextContent('Sam was in the lesson for 55 m of 1 h.');
    expect(facts).toHaveTextContent('The whiteboard has 3 pages. Bookmarked: page 2.');
    expect(facts).toHaveTextContent('Homework set: Quadratics worksheet, due 10 Jan 2030.');
    expect(within(card).getByLabelText(/What we covered/)).toHaveValue('Factorising\nCompleting the square');

    const sendButton = within(card).getByRole('button', { name: 'Send to Sam and family' });
    await userEvent.click(sendButton);
    expect(await within(card).findByText('The summary is needed before the report can be sent.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/send'))).toBe(false);

    await userEvent.type(within(card).getByLabelText(/How the lesson went/), 'Sam factorised confidently.');
    await userEvent.click(sendButton);
    expect(await screen.findByText('Lesson report sent!')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/send'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ summary: 'Sam factorised confidently.', covered: ['Factorising', 'Completing the square'] });
    await waitFor(() => expect(within(card).getByTestId('report-status')).toHaveTextContent('Sent'));
    expect(within(card).getByTestId('report-summary')).toHaveTextContent('Sam factorised confidently.');
    expect(within(card).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('shows a student the sent report to read, with nothing to edit', async () => {
    mockApi({
      ...signedInApi(SAM),
      'GET /api/lesson-reports/lesson_1': () => json([draft({ _id: 'r1', status: 'SENT', summary: 'Great work today.', sentAt: '2030-01-07T11:00:00.000Z' })]),
    });
    storeSession(SAM);
    renderApp('/portal/lesson-reports/lesson_1');
    const card = await screen.findByTestId('lesson-report', {}, FIRST_PAINT);
    expect(within(card).getByTestId('report-summary')).toHaveTextContent('Great work today.');
    expect(card).toHaveTextContent('From Theo');
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
