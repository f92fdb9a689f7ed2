import type { LessonHistoryList, LessonHistoryTutorRecord } from '../../schema/contracts/lesson-history';
import { DEMO_PASSWORD, signIn } from './demo';
import { expect, type Page, test } from './test';

/**
 * Theo's one-to-one Maths with Sam of six days ago, which the global set-up closed into history (Theo four minutes
 * late, SGD 40.00). Theo reads it on his own pay page, raises a concern about it, and an admin resolves it.
 */
const ZONE = 'Asia/Singapore';
const COURSE = 'IGCSE Mathematics with Theo';

/** `2026-11`: the month an instant falls in, in Theo's zone. */
const monthOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(at);

/** The seeded lesson as Theo's own list has it: other journeys close more Maths lessons before this one runs. */
const SEEDED = 'section_maths_lesson_1';

async function seededLessonStart(page: Page) {
  const token = await page.request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:tutor@studyhall.test', password: DEMO_PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const answer = await page.request.get('/api/lesson-history', { headers: { authorization: `Bearer ${access_token}` }, params: { sectionId: SEEDED } });
  const { docs } = (await answer.json()) as LessonHistoryList<LessonHistoryTutorRecord>;
  expect(docs).toHaveLength(1);
  return new Date(docs[0]!.start);
}

test('a tutor raises a concern about a lesson’s pay on a phone, and sees it resolved once an admin approves it', async ({ page, browser }) => {
  const note = `I stayed ten minutes after the end to finish the question (run ${Date.now()})`;
  const start = await seededLessonStart(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'tutor@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal');
  await page.getByRole('link', { name: 'My lessons and pay' }).click();
  await expect(page.getByRole('heading', { name: 'My lessons and pay', level: 1 })).toBeVisible();
  // Early in a month, six days ago was last month.
  if (monthOf(start) !== monthOf(new Date())) await page.getByRole('button', { name: /^Previous month/ }).click();
  await expect(page.getByTestId('pay-currency').filter({ hasText: 'Earned in SGD' })).toContainText(/SGD \d+\.\d{2}/);

  const lesson = page.locator(`[data-testid="lesson-row"][data-section-id="${SEEDED}"]`);
  await expect(lesson).toContainText(COURSE);
  await expect(lesson.getByTestId('lesson-pay')).toHaveText('SGD 40.00');
  await expect(lesson).toContainText('4 Min Late');
  const attendance = lesson.getByTestId('attendance');
  await expect(attendance).toContainText(/You\s*\d{2}:\d{2}–\d{2}:\d{2}, 54 min in the room/);
  await expect(attendance).toContainText(/Sam Student\s*\d{2}:\d{2}–\d{2}:\d{2}, 60 min in the room \(On Time\)/);
  await lesson.getByRole('button', { name: 'How this pay was worked out' }).click();
  await expect(lesson.getByTestId('rate-explanation')).toContainText('40.00 SGD/h × 60 min = 40.00 SGD');
  await page.screenshot({ path: '.tmp/screens/tutor-pay-375.png', fullPage: true });

  await lesson.getByRole('button', { name: /^Raise a concern/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Raise a concern' });
  await dialog.getByLabel('What is wrong with this payment?').fill(note);
  await dialog.getByRole('button', { name: 'Send the concern' }).click();
  await expect(page.getByText('Concern raised!')).toBeVisible();
  await expect(lesson).toContainText('Concern waiting');
  await expect(lesson.getByRole('button', { name: /^Raise a concern/ })).toBeDisabled();

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, 'admin@studyhall.test');
  await expect(adminPage).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await adminPage.goto('/learning-portal/portal/admin/lesson-history');
  await adminPage.locator(`[data-testid="history-row"][data-section-id="${SEEDED}"]`).getByRole('button', { name: COURSE }).click();
  const detail = adminPage.getByRole('dialog', { name: COURSE });
  await expect(detail).toContainText(note);
  await detail.getByLabel('Your answer to the tutor').fill('Agreed: the ten minutes are added as an adjustment.');
  await detail.getByRole('button', { name: 'Approve and resolve' }).click();
  await expect(adminPage.getByText('Concern responded!')).toBeVisible();

  await page.reload();
  await expect(lesson).toContainText('Concern resolved');
  await expect(lesson.getByTestId('concern')).toContainText('Approved by an admin: “Agreed: the ten minutes are added as an adjustment.”');
  await expect(lesson.getByRole('button', { name: /^Raise a concern/ })).toBeEnabled();
});
