import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurriculumListItem } from '../../schema/contracts/learning';
import { TRIAL_SLOT_TAKEN } from '../../schema/contracts/trials';
import { distinctStarts } from '../../web/entities/availability/slot-times';
import { choicesReducer, noChoices } from '../../web/features/trials/booking-state';
import { browserTimeZone } from '../../web/lib/choices';
import { storeSession } from './app-harness';
import { json, mockApi, user as person, tokenAnswer } from './fetch-mock';
import { renderApp, startup } from './render-app';

const CATALOGUE: CurriculumListItem[] = [
  {
    _id: 'c1',
    curriculum: 'Cambridge IGCSE',
    subjects: [
      { subject: 'Mathematics', grade: [{ grade: 'Grade 9' }, { grade: 'Grade 10' }] },
      { subject: 'Physics', grade: [{ grade: 'Grade 10' }] },
    ],
  },
  { _id: 'c2', curriculum: 'AQA GCSE', subjects: [{ subject: 'Biology', grade: [{ grade: 'Year 10' }] }] },
];

const SLOT = { user: 'theo', start: '2031-01-06T01:00:00.000Z', end: '2031-01-06T01:30:00.000Z', timezone: 'Asia/Singapore' };
const LATER = { user: 'theo', start: '2031-01-06T03:00:00.000Z', end: '2031-01-06T03:30:00.000Z', timezone: 'Asia/Singapore' };
const time = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(new Date(iso));
const TRIAL = { _id: 'trial1', courseId: 'course1', studentId: 'user_student', tutorId: 'theo' };

async function openDialog(handlers: Parameters<typeof mockApi>[0], signedIn = false) {
  if (signedIn) storeSession(person());
  const fetchMock = mockApi({
    ...startup,
    'GET /api/user/authUser': () => json({ ...person(), actingFor: person() }),
    'GET /api/curriculums/getCurriculumsForHomePage': () => json([]),
    'GET /api/curriculums/list-with-grades': () => json(CATALOGUE),
    ...handlers,
  });
  const router = renderApp('/');
  const u = userEvent.setup();
  await u.click((await screen.findAllByRole('button', { name: 'Book your FREE Class' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book your FREE Class' }, { timeout: 15_000 });
  return { u, dialog, router, fetchMock };
}

async function chooseAll(u: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Cambridge IGCSE' })).toBeInTheDocument());
  await u.selectOptions(within(dialog).getByLabelText(/Curriculum/), 'Cambridge IGCSE');
  await u.selectOptions(within(dialog).getByLabelText(/Subject/), 'Mathematics');
  await u.selectOptions(within(dialog).getByLabelText(/Grade/), 'Grade 10');
  await pickDay(u, dialog);
}

/** Any day after today in the inline calendar (next month when today is the month's last bookable day). */
async function pickDay(u: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, nth = 0) {
  const grid = within(dialog).getAllByRole('grid')[0]!;
  let days = within(grid)
    .queryAllByRole('button')
    .filter((b) => !b.hasAttribute('disabled') && !/^Today/.test(b.getAttribute('aria-label') ?? ''));
  if (days.length <= nth) {
    await u.click(within(dialog).getAllByRole('button', { name: /next month/i })[0]!);
    days = within(within(dialog).getAllByRole('grid')[0]!)
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('disabled'));
  }
  await u.click(days[nth]!);
}

describe('booking choices', () => {
  it('clears children when a parent changes, and the slot when the date changes', () => {
    let state = choicesReducer(noChoices, { type: 'curriculum', value: 'Cambridge IGCSE' });
    state = choicesReducer(state, { type: 'subject', value: 'Mathematics' });
    state = choicesReducer(state, { type: 'grade', value: 'Grade 10' });
    state = choicesReducer(state, { type: 'date', value: '2031-01-06' });
    state = choicesReducer(state, { type: 'slot', value: SLOT });
    expect(choicesReducer(state, { type: 'date', value: '2031-01-07' })).toEqual({ ...state, date: '2031-01-07', slot: null });
    expect(choicesReducer(state, { type: 'grade', value: 'Grade 9' })).toMatchObject({ grade: 'Grade 9', slot: null, date: '2031-01-06' });
    expect(choicesReducer(state, { type: 'subject', value: 'Physics' })).toMatchObject({ subject: 'Physics', grade: '', slot: null });
    expect(choicesReducer(state, { type: 'curriculum', value: 'AQA GCSE' })).toMatchObject({ curriculum: 'AQA GCSE', subject: '', grade: '', slot: null });
  });

  it('offers one button per start time, keeping the first (sorted) tutor', () => {
    expect(distinctStarts([SLOT, { ...SLOT, user: 'olivia' }, LATER])).toEqual([SLOT, LATER]);
  });
});

describe('free-trial dialog', { timeout: 30_000 }, () => {
  it('loads the curriculum list on open, enables dropdowns in order, and keeps Book Trial off until all five are chosen', async () => {
    const { u, dialog, fetchMock } = await openDialog({ 'POST /api/user-availability/slots/trial': () => json([SLOT, { ...SLOT, user: 'olivia' }, LATER]) });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/curriculums/list-with-grades'))).toBe(true);
    const book = within(dialog).getByRole('button', { name: 'Book Trial' });
    expect(within(dialog).getByLabelText(/Subject/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Grade/)).toBeDisabled();
    expect(within(dialog).getAllByText('Select curriculum, subject and grade').length).toBeGreaterThan(0);
    await chooseAll(u, dialog);

    const zone = browserTimeZone();
    const first = await within(dialog).findByRole('button', { name: new RegExp(time(SLOT.start, zone)) });
    expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(2);
    if (time(SLOT.start, zone) !== time(SLOT.start, 'Asia/Singapore')) expect(first).toHaveTextContent(`Tutor: ${time(SLOT.start, 'Asia/Singapore')}`);
    expect(book).toBeDisabled();
    await u.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(book).toBeEnabled();

    await pickDay(u, dialog, 1);
    expect(book).toBeDisabled();
    await u.selectOptions(within(dialog).getByLabelText(/Curriculum/), 'AQA GCSE');
    expect(within(dialog).getByLabelText(/Subject/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/Grade/)).toBeDisabled();
  });

  it('says "No slots are available" when the day has none', async () => {
    const { u, dialog } = await openDialog({ 'POST /api/user-availability/slots/trial': () => json([]) });
    await chooseAll(u, dialog);
    expect(await within(dialog).findByText('No slots are available')).toBeInTheDocument();
  });

  it('a guest signs up in the dialog and lands on the portal with "Congratulations!"', async () => {
    let sent: Record<string, unknown> = {};
    const { u, dialog, router } = await openDialog({
      'POST /api/user-availability/slots/trial': () => json([SLOT]),
      'POST /api/trials/sign-up': ({ json: body }) => {
        sent = body as Record<string, unknown>;
        return json({ ...tokenAnswer(person({ _id: 'new' }), 'token-new'), trial: TRIAL, courseId: 'course1' }, 201);
      },
    });
    await chooseAll(u, dialog);
    await u.click(await within(dialog).findByRole('button', { name: new RegExp(time(SLOT.start, browserTimeZone())) }));
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await within(dialog).findByText(/first name/i, { selector: '[id$="-error"]' })).toBeInTheDocument();

    await u.type(within(dialog).getByLabelText(/First name/), 'Gina');
    await u.type(within(dialog).getByLabelText(/Last name/), 'Guest');
    await u.type(within(dialog).getByLabelText(/Email/), 'gina@example.test');
    await u.type(within(dialog).getByLabelText(/Password/), 'a-long-password');
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));

    expect(await screen.findByText('Congratulations!', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/portal');
    expect(router.state.location.search).toContain('trialClassCreated');
    expect(sent).toMatchObject({
      firstname: 'Gina',
      email: 'gina@example.test',
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 10',
      startDate: SLOT.start,
      endDate: SLOT.end,
      tutorId: '',
    });
    expect(localStorage.getItem('studyhall.token')).toBe('token-new');
  });

  it('a signed-in student gets the toast and the new trial course', async () => {
    const { u, dialog, router } = await openDialog(
      {
        'POST /api/user-availability/slots/trial': () => json([SLOT]),
        'POST /api/trials': () => json({ trial: TRIAL, courseId: 'course1' }, 201),
        'GET /api/courses/course1': () => json({ message: 'not here', errors: [] }, 404),
      },
      true,
    );
    expect(within(dialog).queryByLabelText(/First name/)).not.toBeInTheDocument();
    await chooseAll(u, dialog);
    await u.click(await within(dialog).findByRole('button', { name: new RegExp(time(SLOT.start, 'Asia/Singapore')) }));
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await screen.findByText('Trial class booked successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/courses/course1'));
  });

  it('when someone else took the time: shows why, clears the slot and loads fresh slots', async () => {
    let slotCalls = 0;
    const { u, dialog } = await openDialog(
      {
        'POST /api/user-availability/slots/trial': () => json(++slotCalls === 1 ? [SLOT, LATER] : [LATER]),
        'POST /api/trials': () => json({ message: TRIAL_SLOT_TAKEN, errors: [] }, 409),
      },
      true,
    );
    await chooseAll(u, dialog);
    await u.click(await within(dialog).findByRole('button', { name: new RegExp(time(SLOT.start, 'Asia/Singapore')) }));
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await screen.findByText(TRIAL_SLOT_TAKEN)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: new RegExp(time(SLOT.start, 'Asia/Singapore')) })).not.toBeInTheDocument());
    expect(slotCalls).toBe(2);
    expect(within(dialog).getByRole('button', { name: 'Book Trial' })).toBeDisabled();
  });
});
