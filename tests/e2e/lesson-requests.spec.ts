import { adminHeaders, STUDENT, signIn } from './demo';
import { expect, type Page, test } from './test';

const MATHS = 'course_igcse_maths_theo';
const TITLE = 'Lesson to move';
let lessonId: string | null = null;

/**
 * Some hours from now on a quarter hour: inside the default policy's 24-hour notice, so moving it has a penalty. The
 * seeded lessons sit at fixed hours, so the first of these that is free is taken, whatever hour the suite runs.
 */
const hoursAhead = (hours: number) => {
  const at = Date.now() + hours * 3_600_000;
  return new Date(Math.ceil(at / 900_000) * 900_000).toISOString();
};
const CANDIDATE_HOURS = [10, 11.5, 13, 14.5, 16, 17.5, 19];

/** The lesson is on this person's calendar (agenda view) on the new day, in their zone (both demo accounts: Singapore). */
async function onCalendarAt(page: Page, start: string) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(start));
  await page.goto(`/learning-portal/portal/schedule?view=agenda&date=${day}`);
  const card = page.locator(`[data-testid="calendar-day"][data-day="${day}"]`).getByTestId('agenda-lesson').filter({ hasText: TITLE });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: `Ask to change ${TITLE}` })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  // Admins may place a lesson outside the tutor's hours, never over another lesson: the first free candidate is taken.
  const headers = await adminHeaders(request);
  const attendees = [
    { user: 'user_student', kind: 'STUDENT' },
    { user: 'user_tutor', kind: 'TUTOR' },
  ];
  let created = null;
  for (const hours of CANDIDATE_HOURS) {
    created = await request.post('/api/team-meetings', { headers, data: { course: MATHS, title: TITLE, start: hoursAhead(hours), duration: 60, attendees } });
    if (created.status() !== 409) break;
  }
  expect(created!.status(), await created!.text()).toBe(201);
  lessonId = ((await created!.json()) as { _id: string })._id;
});

test.afterAll(async ({ request }) => {
  if (lessonId) await request.delete(`/api/team-meetings/${lessonId}?course=${MATHS}`, { headers: await adminHeaders(request) });
});

test('a student asks to move a lesson inside the notice period, sees the penalty first; an admin approves and the lesson moves on both calendars', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, STUDENT.email);
  await page.goto(`/learning-portal/portal/courses/${MATHS}`);
  const row = page.getByRole('listitem').filter({ hasText: TITLE });
  await row.getByRole('button', { name: `Ask to change ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask to change this lesson' });
  await expect(dialog.getByText('Pick a new time to see what moving the lesson costs.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeDisabled();

  const slots = dialog.getByRole('group', { name: 'Select your slot' }).getByRole('button');
  const nextDay = dialog.getByRole('button', { name: /^Next free day/ });
  await expect(slots.first().or(nextDay)).toBeVisible({ timeout: 15_000 });
  if (await nextDay.isVisible()) await nextDay.click();
  await slots.first().click();
  const notice = dialog.getByTestId('penalty-notice');
  await expect(notice).toContainText(/Penalty: SGD \d+\.\d\d/);
  await expect(notice).toContainText("Less than 24 hours before the lesson: 50% of the lesson's amount.");

  await dialog.getByLabel(/Why\?/).fill('School trip that day.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/meeting-requests') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const newStart = ((await sent).postDataJSON() as { newStart: string }).newStart;
  await expect(page.getByText('Reschedule Request Sent!')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@studyhall.test');
  await admin.goto('/learning-portal/portal/admin/meeting-requests');
  const request = admin.getByTestId('meeting-request').filter({ hasText: TITLE });
  await expect(request).toContainText('School trip that day.');
  await request.getByRole('button', { name: /^Respond:/ }).click();
  const respond = admin.getByRole('dialog', { name: 'Respond to the request' });
  await respond.getByRole('radio', { name: /^Approve: move the lesson/ }).check();
  await respond.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Lesson Rescheduled!')).toBeVisible();
  await expect(admin.getByTestId('meeting-request').filter({ hasText: TITLE })).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: TITLE }).locator(`time[datetime="${newStart}"]`)).toBeVisible();
  await onCalendarAt(page, newStart);
  const tutorContext = await browser.newContext();
  const tutor = await tutorContext.newPage();
  await signIn(tutor, 'tutor@studyhall.test');
  await onCalendarAt(tutor, newStart);
  await tutorContext.close();
});
