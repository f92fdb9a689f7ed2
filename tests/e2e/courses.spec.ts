import { STUDENT, signIn } from './demo';
import { expect, test } from './test';

test('an admin builds a course from the template and finds it in the course list', async ({ page }) => {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/courses');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'IGCSE Mathematics with Theo' })).toBeVisible();

  await page.getByRole('button', { name: 'From template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course from a template' });
  await dialog.getByLabel('Template').selectOption({ label: 'IGCSE Maths starter · Mathematics, Grade 10' });
  await dialog.getByLabel('Course title (optional)').fill('Maths with Priya');
  await dialog.getByLabel('Payment type').selectOption('CREDIT');
  await dialog.getByRole('button', { name: 'Create course' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/portal\/courses\/\w+$/);
  await expect(page.getByRole('heading', { name: 'Maths with Priya', level: 1 })).toBeVisible();
  await expect(page.getByText('Cambridge IGCSE · Mathematics · Grade 10')).toBeVisible();

  await page.getByRole('link', { name: '← Courses' }).click();
  await page.getByLabel('Search').fill('Priya');
  await expect(page.getByRole('link', { name: 'Maths with Priya' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'IGCSE Mathematics with Theo' })).toBeHidden();
});

test('a student sees their courses with the next lesson in their own time zone', async ({ page }) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);
  await page.getByRole('banner').getByRole('link', { name: 'Courses' }).first().click();
  await expect(page.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  // Sam's time zone is Singapore (UTC+8); the seeded lessons are at 09:00 and 10:00 UTC, after school there.
  await expect(page.getByText('Times are shown in Asia/Singapore.')).toBeVisible();
  const maths = page.getByRole('listitem').filter({ hasText: 'IGCSE Mathematics with Theo' });
  await expect(maths.getByTestId('next-lesson')).toContainText('17:00');
  await expect(page.getByRole('listitem').filter({ hasText: 'IGCSE Physics group' }).getByTestId('next-lesson')).toContainText('18:00');

  await maths.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'IGCSE Mathematics with Theo', level: 1 })).toBeVisible();
  await expect(page.getByTestId('course-next-lesson')).toContainText('17:00');
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
});
