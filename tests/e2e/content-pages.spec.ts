import { expect, test } from './test';

test('a visitor goes from the subject page to a sub topic with rendered math, and practises', async ({ page }) => {
  await page.goto('/learning-portal/cambridge-igcse');
  await expect(page.getByRole('heading', { name: 'Cambridge IGCSE', level: 1 })).toBeVisible();
  await page
    .getByRole('link', { name: /Mathematics/ })
    .first()
    .click();

  await expect(page).toHaveURL(/\/learning-portal\/cambridge-igcse\/maths$/);
  await expect(page.getByRole('heading', { name: 'Cambridge IGCSE Mathematics', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Cambridge IGCSE Mathematics tutoring | Studyhall');
  const algebra = page.getByRole('region', { name: /Algebra/ });
  await expect(algebra.getByRole('link', { name: 'Practice Quadratic equations' })).toHaveAttribute(
    'href',
    '/learning-portal/startSubmission/quiz_studyhall_quadratic_equations_a',
  );
  await algebra.getByRole('link', { name: 'Quadratic equations', exact: true }).click();

  await expect(page).toHaveURL(/\/maths\/algebra\/quadratic-equations$/);
  await expect(page.getByRole('heading', { name: 'Quadratic equations', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Quadratic equations | Cambridge IGCSE Mathematics | Studyhall');
  const formula = page.getByRole('region', { name: 'The quadratic formula' });
  await expect(formula.locator('.katex-display math')).toHaveCount(1);
  await expect(formula.locator('.katex-display annotation')).toContainText('\\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
  await page.getByText('When should I use the formula?').click();
  await expect(page.getByText('almost certainly does not factorise')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practice', exact: true })).toHaveAttribute(
    'href',
    '/learning-portal/startSubmission/quiz_studyhall_quadratic_equations_a',
  );
});

test('unknown curricula, subjects and sub topics reach Not Found', async ({ page }) => {
  for (const path of [
    '/learning-portal/astrology-gcse',
    '/learning-portal/cambridge-igcse/astrology',
    '/learning-portal/cambridge-igcse/maths/algebra/nowhere',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});

test("the partner's site shows only its own content", async ({ page, baseURL }) => {
  await page.goto(`http://partner.localhost:${new URL(baseURL!).port}/learning-portal/cambridge-igcse/maths`);
  await expect(page.getByRole('heading', { name: 'Cambridge IGCSE Mathematics', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Number/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /Algebra/ })).toHaveCount(0);
});
