import { signIn } from './demo';
import { expect, test } from './test';

test('an admin adds a rate version with a per-student override, and the price check explains the override', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flexible plans' })).toBeVisible();
  await expect(page.getByTestId('flexible-plans-row').filter({ hasText: 'Standard pack, 10 hours' })).toContainText('SGD 550.00');

  await page.getByRole('tab', { name: 'Tutor rates' }).click();
  await page.getByRole('button', { name: 'New one-to-one rate version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New one-to-one rate version' });
  await dialog.getByLabel('Name').fill('Autumn 2026');
  await dialog.getByLabel('Date basis').selectOption('STUDENT_ASSIGNED_DATE');
  await dialog.getByLabel('Comparison').selectOption('GREATER_THAN_OR_EQUAL');
  await dialog.getByLabel('Reference date').fill('2026-01-01');
  await dialog.getByRole('button', { name: 'Create one-to-one rate version' }).click();
  await expect(page.getByText('One-to-one rate version created!')).toBeVisible();

  const version = page.getByTestId('one-to-one-versions-row').filter({ hasText: 'Autumn 2026' });
  await expect(version).toContainText('v3 · student assigned ≥ 2026-01-01 · 0 rates');
  await version.getByRole('button', { name: 'Rates' }).click();
  const addRate = version.getByRole('form', { name: 'Add a rate' });
  await addRate.getByLabel('Amount an hour').fill('35.5');
  await addRate.getByLabel('Currency').selectOption('SGD');
  await addRate.getByRole('button', { name: 'Add rate' }).click();
  await expect(version.getByTestId('rate-row').filter({ hasText: 'Default rate' })).toContainText('SGD 35.50 an hour');
  await addRate.getByLabel('Amount an hour').fill('45.001');
  await addRate.getByRole('button', { name: 'Add rate' }).click();
  await expect(addRate.getByText('can have at most 2 decimals in SGD')).toBeVisible();
  await addRate.getByLabel('Amount an hour').fill('45');
  await addRate.getByLabel('Student (per-student rate)').selectOption({ label: 'Sam Student' });
  await addRate.getByRole('button', { name: 'Add rate' }).click();
  await expect(version.getByTestId('rate-row').filter({ hasText: 'student Sam Student' })).toContainText('SGD 45.00 an hour');

  await page.getByRole('tab', { name: 'Price check' }).click();
  const check = page.getByRole('region', { name: 'Price check' });
  await check.getByLabel('Tutor').selectOption({ label: 'Theo Tutor' });
  await check.getByLabel('Student').selectOption({ label: 'Sam Student' });
  await check.getByLabel('Course').selectOption({ label: 'IGCSE Mathematics with Theo' });
  await check.getByLabel('Lesson length').selectOption('45');
  await check.getByRole('button', { name: 'Check price' }).click();
  const result = check.getByTestId('price-check-result');
  await expect(result).toContainText('SGD 33.75');
  await expect(result).toContainText('one-to-one rate v3 (student assigned ≥ 2026-01-01), student Sam Student: 45.00 SGD/h × 45 min = 33.75 SGD');
});
