import { DEMO_PASSWORD, STUDENT, submitLogin, USER_KEY } from './demo';
import { type Browser, expect, type Page, test } from './test';

const QUIZ = 'quiz_studyhall_linear_equations_a';

/** Ten fresh browsers: each signs Sam in, waits only as `straightAfter` says, opens the quiz link and must get the quiz. */
async function tenTimes(browser: Browser, straightAfter: (page: Page) => Promise<unknown>) {
  for (let run = 1; run <= 10; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/learning-portal/login');
    await submitLogin(page, STUDENT.email, DEMO_PASSWORD);
    await straightAfter(page);
    await page.goto(`/learning-portal/startSubmission/${QUIZ}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Linear equations: practice set [AB]$/ }), `run ${run}`).toBeVisible();
    await expect(page.getByText('Try quizzes free for a day')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await context.close();
  }
}

test('a student who signs in and at once opens a quiz link gets the quiz, ten times in ten', async ({ browser }) => {
  test.setTimeout(120_000);
  // "Straight after signing in": the moment the browser holds Sam's session, not once the dashboard has settled.
  await tenTimes(browser, (page) => page.waitForFunction((key) => localStorage.getItem(key)?.includes('"isGuest":false') ?? false, USER_KEY));
});

test('a student who signs in and opens a quiz link as soon as the address changes gets the quiz, ten times in ten', async ({ browser }) => {
  test.setTimeout(120_000);
  await tenTimes(browser, (page) => page.waitForURL((url) => !url.pathname.endsWith('/login')));
});
