import { adminHeaders, signIn } from './demo';
import { expect, test } from './test';

test('a tutor finds the seeded lessons in his time zone in week, month and agenda views, and opens the course', async ({ page }) => {
  await signIn(page, 'tutor@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.getByRole('banner').getByRole('link', { name: 'Schedule' }).first().click();
  await expect(page.getByTestId('schedule-zone')).toHaveText('Asia/Singapore');
  await expect(page.getByRole('radio', { name: 'Week' })).toHaveAttribute('aria-checked', 'true');

  // The seed puts maths lesson 2 at 09:00 UTC the day after it runs: 5:00 PM that same date in Singapore. Its date is
  // read back, not worked out from today: a run that crosses midnight seeded the day before.
  const room = await page.request.get('/api/lesson-rooms/section_maths_lesson_2', { headers: await adminHeaders(page.request) });
  const lessonDay = ((await room.json()) as { section: { start: string } }).section.start.slice(0, 10);
  await page.goto(`/learning-portal/portal/schedule?view=week&date=${lessonDay}`);
  const column = page.locator(`[data-testid="calendar-day"][data-day="${lessonDay}"]`);
  await expect(column.getByRole('link', { name: /5:00 PM.*IGCSE Mathematics with Theo/ })).toBeVisible();

  await page.getByRole('radio', { name: 'Month' }).click();
  await expect(
    page.locator(`[data-testid="calendar-day"][data-day="${lessonDay}"]`).getByRole('link', { name: /5:00 PM.*IGCSE Mathematics with Theo/ }),
  ).toBeVisible();

  await page.getByRole('radio', { name: 'Agenda' }).click();
  const card = page
    .locator(`[data-testid="calendar-day"][data-day="${lessonDay}"]`)
    .getByTestId('agenda-lesson')
    .filter({ hasText: 'IGCSE Mathematics with Theo' });
  await expect(card).toContainText('5:00 PM');
  await expect(card).toContainText('Sam Student');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Add Mathematics lesson 2 to calendar' }).click();
  expect((await download).suggestedFilename()).toBe('lesson-section_maths_lesson_2.ics');

  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to your lessons' });
  await dialog.getByRole('button', { name: 'Create calendar link' }).click();
  await expect(dialog.getByLabel('Your calendar link')).toHaveValue(/\/api\/schedule\/feed\/[\w-]{43}\.ics$/);
  await dialog.getByRole('button', { name: 'Close dialog' }).click();

  await card.getByRole('link', { name: 'IGCSE Mathematics with Theo' }).click();
  await expect(page).toHaveURL(/\/learning-portal\/portal\/courses\/course_igcse_maths_theo$/);
  await expect(page.getByRole('heading', { name: 'IGCSE Mathematics with Theo', level: 1 })).toBeVisible();
});

test('an admin sees every lesson in the meetings table with its total time', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/meetings');
  await expect(page.getByRole('heading', { name: 'Meetings', level: 1 })).toBeVisible();
  // Other journeys add lessons of their own, so the whole tenant's count is only checked for its shape.
  await expect(page.getByTestId('meetings-totals')).toHaveText(/^\d+ lessons · \d+ h( \d+ m)? in total$/);
  await page.getByLabel('Student').selectOption({ label: 'Maya Student' });
  // Maya's physics: the seeded weeks before and after, and the revision lesson on the 10th of last month.
  await expect(page.getByTestId('meetings-totals')).toHaveText('4 lessons · 4 h in total');
  await expect(page.getByTestId('meeting-row')).toHaveCount(4);
});
