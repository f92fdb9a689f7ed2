import { STUDENT, signIn } from './demo';
import { expect, test } from './test';

test('Sam opens a quiz’s about page from his home, sees what it covers and starts it; then runs a quick check from a sub topic', async ({ page }) => {
  test.slow();
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);

  const first = page.getByTestId('quizzes-to-take').getByRole('link').first();
  const title = (await first.locator('span').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await first.click();
  await expect(page).toHaveURL(/\/learning-portal\/quizzes\/\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const covers = page.getByRole('region', { name: 'What it covers' });
  await expect(page.getByTestId('quiz-covers')).not.toBeEmpty();
  await expect(page.getByTestId('quiz-facts')).toContainText(/\d+ questions?/);
  await expect(covers).toContainText('How hard:');
  await expect(page.getByTestId('quiz-record')).toContainText(/You have/);

  await covers.getByRole('link', { name: /^(Start the quiz|Start a new attempt|Resume your attempt)$/ }).click();
  await expect(page).toHaveURL(/\/learning-portal\/dashboard\/.+\/quiz\/\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.goto('/learning-portal/cambridge-igcse/maths');
  await page.getByRole('link', { name: 'Ratio and proportion', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ratio and proportion' })).toBeVisible();
  await page.getByRole('link', { name: 'Quick check' }).click();
  await expect(page).toHaveURL(/\/learning-portal\/quick-check\/sub_topic_studyhall_ratio\w*$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ratio and proportion' })).toBeVisible();
  const questions = page.getByTestId('quick-check-questions');
  await expect(questions.getByRole('listitem').first()).toBeVisible();

  // Keyboard only: the first option of the first question, then the check.
  await questions.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  await expect(questions.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByTestId('check-summary')).toContainText(/right/);
  await expect(questions.getByRole('status').first()).toHaveText(/Right|Not quite/);
});
