import { signIn, storedUser } from './demo';
import { expect, test } from './test';

test('an admin acts as Sam from the users page with a reason, sees his dashboard under the banner, returns, and the audit log shows it', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();

  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('Sam');
  await page.getByRole('link', { name: 'Sam Student' }).click();
  await expect(page.getByRole('heading', { name: 'Sam Student', exact: true })).toBeVisible();

  // It asks first: what acting as Sam means, and why (the reason goes in the audit log).
  await page.getByRole('button', { name: 'Log in as this user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in as Sam Student?' });
  await expect(dialog).toContainText('The audit log records that you did it, with your reason');
  await dialog.getByRole('button', { name: 'Log in as Sam' }).click();
  await expect(dialog.getByText(/^Reason is required/)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Checking his booking problem');
  await dialog.getByRole('button', { name: 'Log in as Sam' }).click();
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You are signed in as Sam Student (acting as admin Ada Admin)');
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Student');
  expect((await storedUser(page))?.email).toBe('student@studyhall.test');

  // The banner is still there after a reload, and Sam has no Admin menu nor admin links in his account menu.
  await page.reload();
  await expect(banner).toContainText('acting as admin Ada Admin');
  await page.getByRole('button', { name: /^Account menu for Sam/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);

  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(/\/learning-portal\/portal\/admin\/users\/user_student$/);
  await expect(page.getByRole('heading', { name: 'Sam Student', exact: true })).toBeVisible();
  expect((await storedUser(page))?.email).toBe('admin@studyhall.test');
  await page.getByRole('link', { name: 'All users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Admin' })).toBeVisible();

  // The audit log, from the Admin menu, says who logged in as whom and why, and that the visit ended.
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toContainText('Ada Admin returned to their own account from Sam Student');
  await expect(entries.nth(1)).toContainText('Ada Admin logged in as Sam Student: “Checking his booking problem”');
  await page.getByLabel('What', { exact: true }).selectOption({ label: 'Logging in as someone' });
  await expect(page.getByText('2 entries, newest first')).toBeVisible();
});
