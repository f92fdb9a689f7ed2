import { TZDate } from '@date-fns/tz';
import { addDays, format, isWeekend } from 'date-fns';
import { adminHeaders, signIn } from './demo';
import { type Browser, expect, type Page, test } from './test';

const ZONE = 'Asia/Singapore';
test.use({ timezoneId: ZONE });

const WIDTHS = [1280, 375];

/** The home of whoever is signed in, looked at on a desktop and a phone; the screenshots go to .tmp/screens/. */
async function homeAt(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/learning-portal/portal');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.screenshot({ path: `.tmp/screens/home-${name}-${width}.png`, fullPage: true });
  }
}

test('a student sees the next lesson with its countdown and waiting-room link, messages and quizzes', async ({ page }) => {
  await signIn(page, 'student@studyhall.test');
  await homeAt(page, 'student');
  const next = page.getByTestId('next-lesson');
  await expect(next.getByTestId('home-lesson').first()).toBeVisible();
  await expect(next.getByTestId('countdown').first()).toHaveText(/^(Starts in|Started) /);
  // The server's join window decides: inside it Join leads to the waiting room, before it a disabled Join says when it opens.
  const row = next.getByTestId('home-lesson').first();
  if (await row.getByRole('link', { name: /^Join / }).count()) {
    await expect(row.getByRole('link', { name: /^Join / })).toHaveAttribute('href', /\/learning-portal\/waiting-room\//);
  } else {
    await expect(row.getByRole('button', { name: /^Join / })).toBeDisabled();
    await expect(row.getByTestId('join-opens')).toHaveText(/^Opens /);
  }
  await expect(page.getByTestId('homework-due')).toBeVisible();
  await expect(page.getByTestId('quizzes-in-progress')).toBeVisible();
  await expect(page.getByTestId('home-messages')).toBeVisible();
  await expect(page.getByTestId('quizzes-to-take')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/learning-portal/portal');
});

/** "Wednesday 25 November": the day a "today" list holds, in the profile's zone. */
const today = () => format(new TZDate(Date.now(), ZONE), 'EEEE d MMMM');

test('a parent sees each child’s next lesson and results, and one family schedule', async ({ page }) => {
  await signIn(page, 'parent@studyhall.test');
  await homeAt(page, 'parent');
  await expect(page.getByTestId('child-next-lesson')).toHaveCount(2);
  const sam = page.getByRole('region', { name: "Sam's next lesson" });
  await expect(sam).toBeVisible();
  await expect(sam.getByRole('heading', { name: 'Recent results' })).toBeVisible();
  await expect(sam.getByTestId('child-results')).toHaveText(/\d+ \/ \d+|Sam has not finished a quiz yet\./);
  // Sam and Maya share the Physics group: one row names both, Sam's Mathematics lessons name him alone.
  const family = page.getByTestId('family-schedule');
  await expect(
    family
      .getByTestId('lesson-tag')
      .filter({ hasText: /^For Maya and Sam$/ })
      .first(),
  ).toBeVisible();
  await expect(
    family
      .getByTestId('lesson-tag')
      .filter({ hasText: /^For Sam$/ })
      .first(),
  ).toBeVisible();
  const starts = await family.getByTestId('countdown').allTextContents();
  expect(starts.length).toBeGreaterThan(1);

  // The parent opens Maya's results from the home: her quiz list, and an attempt's review where she has one.
  const maya = page.getByRole('region', { name: "Maya's next lesson" });
  const result = maya.getByTestId('child-result').getByRole('link');
  if (await result.count()) {
    await result.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Maya Student', { exact: true })).toBeVisible();
    await page.goBack();
  }
  await maya.getByRole('link', { name: "All of Maya's quizzes" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Student: quizzes' })).toBeVisible();
  await expect(page.getByText('Open an attempt to see each answer and why it got its mark.')).toBeVisible();
});

test('a tutor sees who is waiting now, today’s lessons and the way to the week', async ({ page }) => {
  await signIn(page, 'tutor@studyhall.test');
  await homeAt(page, 'tutor');
  await expect(page.getByTestId('waiting-now-panel')).toContainText(/Nobody is waiting for you now\.|is waiting for|are waiting for/);
  await expect(page.getByTestId('today-lessons').getByTestId('section-note')).toHaveText(today());
  await expect(page.getByRole('link', { name: 'Working hours and time off' })).toBeVisible();
});

test('an admin sees late tutors, the tenant’s lessons today, trials coming up and every admin tool', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await homeAt(page, 'admin');
  await expect(page.getByTestId('late-tutors')).toContainText(/No tutor is late\.|late for/);
  await expect(page.getByTestId('late-tutors').getByRole('link', { name: 'Meetings' })).toHaveAttribute('href', '/learning-portal/portal/admin/meetings');
  await expect(page.getByTestId('today-lessons').getByTestId('section-note')).toHaveText(today());
  await expect(page.getByTestId('home-trials')).toBeVisible();
  const tools = page.getByRole('navigation', { name: 'Admin tools' });
  for (const name of ['Users', 'Roles', 'Meetings', 'Content', 'Trials', 'Course templates']) await expect(tools.getByRole('link', { name })).toBeVisible();
});

async function homeOf(browser: Browser, email: string) {
  const page = await (await browser.newContext({ timezoneId: ZONE })).newPage();
  await signIn(page, email);
  return page;
}

const MATHS = 'course_igcse_maths_theo';

// The admin places a lesson of Theo's with Sam that began five minutes ago (admins may place one in the past), and
// removes it afterwards, so no other spec ever sees it.
test('a student waiting is named on the tutor’s home, and the admin sees the tutor late until he comes', async ({ browser, request }) => {
  const headers = await adminHeaders(request);
  const created = await request.post('/api/zoom-meetings', {
    headers,
    data: {
      course: MATHS,
      title: 'Homes check-in',
      start: new Date(Date.now() - 5 * 60_000).toISOString(),
      duration: 30,
      attendees: [
        { user: 'user_tutor', kind: 'TUTOR' },
        { user: 'user_student', kind: 'STUDENT' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lesson = (await created.json()) as { _id: string };
  try {
    const admin = await homeOf(browser, 'admin@studyhall.test');
    await admin.goto('/learning-portal/portal');
    const late = admin.getByTestId('late-tutor').filter({ hasText: 'Homes check-in' });
    await expect(late).toContainText(/^Theo Tutor is \d+ minutes late for Homes check-in/);
    await admin.screenshot({ path: '.tmp/screens/home-admin-late-1280.png', fullPage: true });

    const student = await homeOf(browser, 'student@studyhall.test');
    await student.goto(`/learning-portal/waiting-room/${lesson._id}`);
    await expect(student.getByTestId('person').filter({ hasText: 'Sam Student' })).toHaveAttribute('data-here', 'true');

    const tutor = await homeOf(browser, 'tutor@studyhall.test');
    await tutor.goto('/learning-portal/portal');
    const waiting = tutor.getByTestId('waiting-now').filter({ hasText: 'Homes check-in' });
    await expect(waiting).toContainText('Sam Student is waiting for Homes check-in');
    for (const width of WIDTHS) {
      await tutor.setViewportSize({ width, height: 900 });
      await tutor.screenshot({ path: `.tmp/screens/home-tutor-waiting-${width}.png`, fullPage: true });
    }
    await waiting.getByRole('link', { name: 'Open the waiting room of Homes check-in' }).click();
    await expect(tutor).toHaveURL(`/learning-portal/waiting-room/${lesson._id}`);
    await expect(tutor.getByTestId('person').filter({ hasText: 'Theo Tutor' })).toHaveAttribute('data-here', 'true');

    await admin.reload();
    await expect(admin.getByTestId('late-tutors')).toBeVisible();
    await expect(late).toHaveCount(0);
  } finally {
    await request.delete(`/api/zoom-meetings/${lesson._id}?course=${MATHS}`, { headers });
  }
});

/**
 * Theo (the seeded tutor) works weekdays 09:00–18:00 Singapore time. A week after the day trial-booking.spec.ts
 * books, so the two journeys never want the same slot of the same server.
 */
function bookableWeekday() {
  let day = addDays(new TZDate(Date.now(), ZONE), 9);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

test('a guest who books a trial with sign-up lands on a home that shows the trial lesson', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/learning-portal/');
  await page.getByRole('button', { name: 'Book your FREE Class' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book your FREE Class' });
  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  // Another subject and grade than trial-booking.spec.ts, so Theo's courses list each trial course once.
  await dialog.getByLabel('Subject').selectOption('Physics');
  await dialog.getByLabel('Grade').selectOption('Grade 9');
  const day = bookableWeekday();
  const cell = dialog.locator(`td[data-day="${format(day, 'yyyy-MM-dd')}"] button`);
  if (!(await cell.isVisible())) await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  await cell.click();
  await dialog.getByRole('group', { name: 'Select your slot' }).getByRole('button', { name: '09:00 AM' }).click();
  await dialog.getByLabel('First name').fill('Hana');
  await dialog.getByLabel('Last name').fill('Home');
  await dialog.getByLabel('Email').fill('hana.home@example.test');
  await dialog.getByLabel('Password').fill('a-long-password');
  await dialog.getByRole('button', { name: 'Book Trial' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/portal\?trialClassCreated=/);
  await page.getByRole('dialog', { name: 'Congratulations!' }).getByRole('button').first().click();
  const next = page.getByTestId('next-lesson');
  await expect(next.getByTestId('home-lesson')).toContainText('Trial');
  await expect(next.getByTestId('home-lesson')).toContainText(format(day, 'EEE d MMM'));
  await page.screenshot({ path: '.tmp/screens/home-new-student-1280.png', fullPage: true });
});
