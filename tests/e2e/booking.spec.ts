import { adminHeaders, STUDENT, signIn } from './demo';
import { type Browser, expect, type Page, test } from './test';

const MATHS = 'course_igcse_maths_theo';
let booked: string | null = null;

// The booked lesson is removed afterwards: depending on the hour the suite runs, it can fall on the day of a seeded
// lesson or before it, and the course and schedule specs read the seeded lessons.
test.afterAll(async ({ request }) => {
  if (booked) await request.delete(`/api/team-meetings/${booked}?course=${MATHS}`, { headers: await adminHeaders(request) });
});

/** The header's bell, opened, once the badges have loaded after the page. */
async function openBell(page: Page) {
  const bell = page.getByRole('banner').getByTestId('notice-button');
  await expect(bell).toBeVisible();
  await bell.click();
  return page.locator('#notice-panel');
}

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Asia/Singapore' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a student books one of the tutor’s free times and finds the lesson on his course page', async ({ page, browser }) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);
  await page.getByRole('banner').getByRole('link', { name: 'Courses' }).first().click();
  await page.getByRole('listitem').filter({ hasText: 'IGCSE Mathematics with Theo' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'IGCSE Mathematics with Theo', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Book a lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a lesson' });
  await expect(dialog.getByText('Times in Asia/Singapore')).toBeVisible();
  const slots = dialog.getByRole('group', { name: 'Select your slot' }).getByRole('button');
  const nextDay = dialog.getByRole('button', { name: /^Next free day/ });
  await expect(slots.first().or(nextDay)).toBeVisible({ timeout: 15_000 });
  if (await nextDay.isVisible()) await nextDay.click();
  await slots.first().click();
  const booking = page.waitForResponse((r) => r.url().includes('/api/team-meetings/course-meeting-book'));
  await dialog.getByRole('button', { name: 'Book lesson' }).click();
  const lesson = (await (await booking).json()) as { _id: string; start: string };
  booked = lesson._id;
  await expect(page.getByText('Lesson booked successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(page.locator(`time[datetime="${lesson.start}"]`)).toBeVisible();

  // Sam, his parent and Theo are each told: in the app, under the bell, and by e-mail with the lesson's calendar file.
  await expect(page.getByRole('banner').getByTestId('notice-badge')).toHaveText(/^[1-9]/);
  await expect((await openBell(page)).getByRole('link', { name: /^Lesson booked: Mathematics with Theo, / }).first()).toBeVisible();
  for (const email of ['parent@studyhall.test', 'tutor@studyhall.test']) {
    const other = await person(browser, email);
    await expect((await openBell(other)).getByRole('link', { name: /^Lesson booked: Mathematics with Theo, / }).first()).toBeVisible();
    await other.context().close();
  }
  await page.goto('/learning-portal/dev/mailbox');
  for (const email of [STUDENT.email, 'parent@studyhall.test', 'tutor@studyhall.test']) {
    const mail = page
      .getByRole('article')
      .filter({ hasText: `To ${email}` })
      .filter({ hasText: 'is booked for' })
      .first();
    await expect(mail).toBeVisible();
    await expect(mail.getByRole('link', { name: 'lesson.ics' })).toHaveAttribute('download', 'lesson.ics');
  }
});
