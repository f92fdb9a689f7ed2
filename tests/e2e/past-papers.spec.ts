import { STUDENT, signIn } from './demo';
import { expect, test } from './test';

test('a learner practises a topical past paper: picks a sub topic, answers a real paper’s question and sees it marked against the mark scheme', async ({
  page,
}) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);

  // The sub topic page offers its past papers, because checkPapersBySubTopicId says it has some.
  await page.goto('/learning-portal/cambridge-igcse/maths/trigonometry/right-angled-trigonometry');
  await page.getByRole('link', { name: 'Past papers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Right-angled trigonometry: past-paper questions' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Mark scheme/ }).first()).toHaveAttribute('target', '_blank');

  await page.getByRole('link', { name: 'Practise May/June 2023 · Paper 4 (Extended)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Right-angled trigonometry: Cambridge IGCSE May\/June 2023 Paper 4/ })).toBeVisible();
  await page.getByLabel(/Your answer/).fill('tan C = 8/5 = 1.6, so angle ACB = 58.0 degrees');
  await page.getByRole('button', { name: 'Mark my answer' }).click();
  const mark = page.getByTestId('open-mark');
  await expect(mark).toContainText('2/2 marks');
  await expect(mark).toContainText('Credited: Uses tangent');

  await page.getByRole('button', { name: /Finish quiz/ }).click();
  await expect(page.getByText('Why this mark')).toBeVisible();
  await expect(page.getByText(/Credited: Angle ACB/)).toBeVisible();
});
