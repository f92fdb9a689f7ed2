import { signIn } from './demo';
import { expect, type Locator, type Page, test } from './test';

/** Desktop and phone screenshots of a dialog, scrolled to the part the journey is about. */
const shoot = async (page: Page, name: string, part: Locator) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/screens/course-templates-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('an admin gives a course a pricing template, sees its price from the template, then overrides it', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/pricing');

  await page.getByRole('tab', { name: 'Course pricing' }).click();
  await page.getByRole('button', { name: 'New course pricing template' }).click();
  const priceDialog = page.getByRole('dialog', { name: 'New course pricing template' });
  await priceDialog.getByLabel('Name').fill('Journey term fee');
  await priceDialog.getByLabel('Price').fill('120');
  await priceDialog.getByLabel('Currency').selectOption('SGD');
  await priceDialog.getByLabel('For').fill('3');
  await priceDialog.getByLabel('Unit').selectOption('MONTHS');
  await priceDialog.getByRole('button', { name: 'Create course pricing template' }).click();
  await expect(page.getByText('Course pricing template created!')).toBeVisible();

  await page.getByRole('tab', { name: 'Course permissions' }).click();
  await page.getByRole('button', { name: 'New course permission template' }).click();
  const permissionDialog = page.getByRole('dialog', { name: 'New course permission template' });
  await permissionDialog.getByLabel('Name').fill('Journey cautious tutors');
  const substitutes = permissionDialog.getByRole('region', { name: 'Substitute tutors' });
  await substitutes.getByRole('combobox').selectOption('SET');
  await substitutes.getByLabel('Course: View').check();
  await substitutes.getByLabel('Resource: Create').check();
  await shoot(page, 'permission-editor', substitutes);
  await permissionDialog.getByRole('button', { name: 'Create course permission template' }).click();
  await expect(page.getByText('Course permission template created!')).toBeVisible();
  await expect(page.getByTestId('course-permission-templates-row').filter({ hasText: 'Journey cautious tutors' })).toContainText(
    'Primary: own role · Substitute: 2 actions · Trial: own role',
  );

  await page.goto('/learning-portal/portal/courses');
  await page.getByRole('button', { name: 'New course' }).click();
  const create = page.getByRole('dialog', { name: 'New course' });
  await create.getByLabel('Title').fill('Journey priced algebra');
  await create.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await create.getByLabel('Subject').selectOption('Mathematics');
  await create.getByLabel('Grade').selectOption('Grade 10');
  await expect(create.getByText('No pricing template is picked.')).toBeVisible();
  await create.getByLabel('Pricing template').selectOption({ label: 'Journey term fee' });
  await create.getByLabel('Permission template').selectOption({ label: 'Journey cautious tutors' });
  await expect(create.getByText('From template: SGD 120.00 for 3 months')).toBeVisible();
  await create.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Journey priced algebra' })).toBeVisible();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Edit course' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit course' });
  await expect(edit.getByText('From template: SGD 120.00 for 3 months')).toBeVisible();
  await expect(edit.getByLabel('Set this course’s own price')).not.toBeChecked();
  await edit.getByLabel('Set this course’s own price').check();
  await expect(edit.locator('#course-price-amount')).toHaveValue('120.00');
  await edit.locator('#course-price-amount').fill('99.999');
  await edit.getByRole('button', { name: 'Save course' }).click();
  await expect(edit.getByText('can have at most 2 decimals in SGD')).toBeVisible();
  await edit.locator('#course-price-amount').fill('99.50');
  await edit.getByLabel('Access for').fill('1');
  await edit.locator('#course-price-unit').selectOption('YEARS');
  await edit.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByText('Course updated!')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Edit course' }).click();
  const again = page.getByRole('dialog', { name: 'Edit course' });
  await expect(again.getByLabel('Set this course’s own price')).toBeChecked();
  await expect(again.locator('#course-price-amount')).toHaveValue('99.50');
  await expect(again.locator('#course-price-unit')).toHaveValue('YEARS');
  await expect(again.getByText('From template: SGD 120.00 for 3 months')).toBeVisible();
  await expect(again.getByText('This course charges its own price: SGD 99.50 for 1 year.')).toBeVisible();
  await shoot(page, 'course-form', again.locator('#course-price-unit'));
});
