import { readFile } from 'node:fs/promises';
import { signIn } from './demo';
import { expect, type Page, test } from './test';

/**
 * The admin's ledger screens over the seed's two past lessons, which the global set-up closed into history: Theo's
 * one-to-one Maths with Sam six days ago (Theo four minutes late, SGD 40.00) and his Physics group four days ago
 * (SGD 18.00 shared over Sam's and Maya's rows).
 */
async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
}

test('an admin reads the completed lessons with their pay and opens one to see who came when', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page);
  await page.goto('/learning-portal/portal/admin/lesson-history');
  await expect(page.getByRole('tab', { name: 'Completed', selected: true })).toBeVisible();

  // The seeded lessons by their ids: other journeys close more lessons of the same courses.
  const rowOf = (sectionId: string) => page.locator(`[data-testid="history-row"][data-section-id="${sectionId}"]`);
  const maths = rowOf('section_maths_lesson_1');
  await expect(maths).toHaveCount(1);
  await expect(maths).toContainText('IGCSE Mathematics with Theo');
  await expect(maths).toContainText('SGD 40.00');
  await expect(maths).toContainText('4 Min Late');
  await expect(maths).toContainText('Processing');
  const physics = rowOf('section_physics_lesson_1');
  await expect(physics).toHaveCount(2);
  await expect(physics.first()).toContainText('SGD 9.00');
  await expect(page.getByTestId('history-totals')).toContainText(/Tutor pay for these \d+ lessons: .*SGD \d/);
  await page.screenshot({ path: '.tmp/screens/lesson-history-375.png', fullPage: true });

  await maths.getByRole('button', { name: 'IGCSE Mathematics with Theo' }).click();
  const detail = page.getByRole('dialog', { name: 'IGCSE Mathematics with Theo' });
  await expect(detail.getByTestId('rate-explanation')).toContainText('40.00 SGD/h × 60 min = 40.00 SGD');
  const attendance = detail.getByTestId('attendance');
  await expect(attendance.getByRole('row').filter({ hasText: 'Theo Tutor (tutor)' })).toContainText('4 Min Late');
  const sam = attendance.getByRole('row').filter({ hasText: 'Sam Student (student)' });
  await expect(sam).toContainText('On Time');
  await expect(sam).toContainText('1 h');
});

test('an admin pays the last two weeks in one run and downloads its bank file', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/learning-portal/portal/admin/pay-runs');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('pay-run-currencies')).toContainText(/This run would pay: .*SGD \d/);
  await expect(page.getByTestId('pay-run-tutor').filter({ hasText: 'Theo Tutor' })).toContainText('SGD');

  await page.getByRole('button', { name: 'Make the pay run and mark these paid' }).click();
  await expect(page.getByText('Pay run created!')).toBeVisible();
  const run = page.getByRole('dialog', { name: /^Pay run for / });
  await expect(run).toContainText(/PAY \d{8}-\d{8} [0-9A-F]{8}/);

  const download = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pay-run-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('Tutor name,Email,Currency,Amount,Reference');
  expect(lines).toContainEqual(expect.stringMatching(/^Theo Tutor,tutor@studyhall\.test,SGD,\d+\.\d{2},PAY \d{8}-\d{8} [0-9A-F]{8}$/));
  await expect(run.getByRole('status')).toContainText('Saved pay-run-');
});
