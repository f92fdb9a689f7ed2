import { signIn } from './demo';
import { expect, test } from './test';

test('a tutor edits the profile and an experience, and both are there after a reload', async ({ page }) => {
  await signIn(page, 'tutor@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);
  await page.goto('/learning-portal/portal/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Theo Tutor');

  await page.getByLabel('Last name').fill('Tan');
  await page.getByLabel('Phone').fill('+65 6123 4567');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Kuala');
  await page.getByRole('option', { name: 'Asia / Kuala Lumpur' }).click();
  await page.getByLabel('About').fill('IGCSE physics with worked past papers.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();

  await page.getByRole('button', { name: 'Add experience' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add experience' });
  await dialog.getByLabel('Role').fill('Physics teacher');
  await dialog.getByLabel('Organisation').fill('Hwa Chong');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Experience added!')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Theo Tan');
  await expect(page.getByLabel('Phone')).toHaveValue('+65 6123 4567');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia / Kuala Lumpur');
  await expect(page.getByLabel('About')).toHaveValue('IGCSE physics with worked past papers.');
  await expect(page.getByRole('list', { name: 'Experience' })).toContainText('Physics teacher');
  await expect(page.getByRole('list', { name: 'Experience' })).toContainText('Hwa Chong');
  // The header's account menu shows the new name too.
  await expect(page.getByRole('button', { name: 'Account menu for Theo Tan' })).toBeVisible();

  // Theo goes back to his own name and zone: the journeys after this one meet him as the seed made him.
  await page.getByLabel('Last name').fill('Tutor');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Singapore');
  await page.getByRole('option', { name: 'Asia / Singapore' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Theo Tutor' })).toBeVisible();
});
