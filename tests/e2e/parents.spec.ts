import { signIn } from './demo';
import { expect, test } from './test';

test('a parent acts for Sam, then switches to Maya', async ({ page }) => {
  await signIn(page, 'parent@studyhall.test');
  // After login a parent with linked students lands on the account switcher.
  await expect(page).toHaveURL(/\/learning-portal\/manage-accounts$/);
  await expect(page.getByRole('heading', { name: 'Manage accounts' })).toBeVisible();
  await expect(page.getByTestId('student-card')).toHaveCount(2);

  await page.getByRole('button', { name: 'Act as Sam' }).click();
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  const chip = page.getByRole('banner').getByTestId('acting-for');
  await expect(chip).toHaveAccessibleName('Acting for Sam Student. Switch account');

  // The choice survives a reload: it is stored with the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();

  await chip.click();
  await expect(page).toHaveURL(/\/learning-portal\/manage-accounts$/);
  await expect(page.getByRole('banner').getByTestId('acting-for')).toHaveCount(0);
  await page.getByRole('button', { name: 'Act as Maya' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('acting-for')).toHaveAccessibleName('Acting for Maya Student. Switch account');

  // Every call now acts for Maya: her profile is the one that opens.
  await page.goto('/learning-portal/portal/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Maya Student');
  await expect(page.getByText('Maya’s profile', { exact: true })).toBeVisible();
});
