import { DEMO_PASSWORD, STUDENT, submitLogin, USER_KEY } from './demo';
import { expect, type Page, test } from './test';

const QUIZ = 'quiz_studyhall_linear_equations_a';

async function expectQuiz(page: Page, run: number) {
  await expect(page.getByRole('heading', { level: 1, name: /^Linear equations: practice set [AB]$/ }), `run ${run}`).toBeVisible();
  await expect(page.getByText('Try quizzes free for a day')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
}

test('a student who signs in and at once opens a quiz link gets the quiz, ten times in ten', async ({ browser }) => {
  test.setTimeout(120_000);
  for (let run = 1; run <= 10; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/learning-portal/login');
    await submitLogin(page, STUDENT.email, DEMO_PASSWORD);
    // "Straight after signing in": the moment the browser holds Sam's session, not once the dashboard has settled.
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"isGuest":false') ?? false, USER_KEY);
    await page.goto(`/learning-portal/startSubmission/${QUIZ}`);
    await expectQuiz(page, run);
    await context.close();
  }
});

test('a student who signs in and opens a quiz link as soon as the address changes gets the quiz, ten times in ten', async ({ browser }) => {
  test.setTimeout(120_000);
  for (let run = 1; run <= 10; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/learning-portal/login');
    await submitLogin(page, STUDENT.email, DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`/learning-portal/startSubmission/${QUIZ}`);
    await expectQuiz(page, run);
    await context.close();
  }
});
