import { signIn } from './demo';
import { expect, test } from './test';

test('a tutor shortens a working day and plans time off, and both are kept', async ({ page }) => {
  await signIn(page, 'tutor@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { name: 'Availability', level: 1 })).toBeVisible();

  // The seed opens Theo's weekdays 09:00–18:00 in Singapore.
  const wednesdayEnd = page.getByLabel('Wednesday range 1 end');
  await expect(wednesdayEnd).toHaveValue('18:00');
  await wednesdayEnd.fill('15:00');

  await page.getByRole('button', { name: 'Add time off' }).click();
  const off = page.getByRole('listitem', { name: 'Time off 1' });
  await off.getByLabel('Starts').fill('2031-03-03T09:00');
  await off.getByLabel('Ends').fill('2031-03-07T18:00');
  await page.getByRole('button', { name: 'Save availability' }).first().click();
  await expect(page.getByText('Choose a reason').last()).toBeVisible();
  await off.getByLabel('Reason').selectOption('Vacations');
  await page.getByRole('button', { name: 'Save availability' }).first().click();
  await expect(page.getByText('Availability saved!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Wednesday range 1 end')).toHaveValue('15:00');
  await expect(page.getByLabel('Thursday range 1 end')).toHaveValue('18:00');
  await expect(page.getByRole('listitem', { name: 'Time off 1' }).getByLabel('Reason')).toHaveValue('Vacations');
  await expect(page.getByRole('listitem', { name: 'Time off 1' }).getByLabel('Starts')).toHaveValue('2031-03-03T09:00');
});
