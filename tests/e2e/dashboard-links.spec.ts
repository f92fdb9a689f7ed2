import { DEMO_PASSWORD, STUDENT, signIn } from './demo';
import { expect, test } from './test';

const QUIZ = 'quiz_studyhall_linear_equations_a';
/** Enough to reach every page the dashboard leads to (progress, each learner, each subject) and then some. */
const MAX_PAGES = 25;

test('no /dashboard link reaches a coming-soon page: Sam crawls every one from his dashboard, and his progress charts his finished quiz', async ({
  page,
  request,
}) => {
  // Sam finishes a quiz first, through the API as the quiz player would, so his progress has something to chart.
  const signedIn = await request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: `login:${STUDENT.email}`, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}` };
  const started = await request.post('/api/submissions/createByQuizId', { headers, data: { quizId: QUIZ } });
  const { _id } = (await started.json()) as { _id: string };
  expect((await request.post('/api/submissions/finish', { headers, data: { submissionId: _id } })).status()).toBe(200);

  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/learning-portal/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();

  const seen = new Set<string>();
  const queue = ['/learning-portal/dashboard'];
  while (queue.length && seen.size < MAX_PAGES) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    await page.goto(path);
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await expect(page.locator('main, #root').first()).toBeVisible();
    await expect(page.getByTestId('coming-soon'), `${path} is a coming-soon page`).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const links = await page
      .locator('a[href^="/learning-portal/dashboard"]')
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const link of links) if (!seen.has(link) && !queue.includes(link)) queue.push(link);
  }
  expect(seen).toContain('/learning-portal/dashboard/progress');
  expect([...seen].some((p) => /\/dashboard\/progress\/user_student\/subject_/.test(p))).toBe(true);
  expect(queue.length, `more /dashboard pages than ${MAX_PAGES}: ${queue.join(', ')}`).toBe(0);

  // His progress: the maths bar reflects the quiz he finished, and the subject page says what to do next.
  await page.goto('/learning-portal/dashboard/progress');
  await expect(page.getByRole('heading', { name: 'Your progress' })).toBeVisible();
  const igcse = page.getByRole('region', { name: 'Cambridge IGCSE' });
  await expect(igcse.getByRole('img', { name: /^Mathematics: \d+% mastered, \d+% of the marks scored$/ })).toBeVisible();
  await igcse.getByRole('link', { name: /Mathematics/ }).click();
  await expect(page.getByRole('heading', { name: 'Mathematics', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Algebra: \d+% mastered/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What to do next' })).toBeVisible();
});

test("Pat sees his children's progress, and Sam's charts, from the dashboard", async ({ page }) => {
  await signIn(page, 'parent@studyhall.test');
  await page.goto('/learning-portal/dashboard');
  await page.getByRole('link', { name: /^Progress/ }).click();
  await expect(page.getByRole('heading', { name: 'Your children' })).toBeVisible();
  await page.getByRole('link', { name: /Sam/ }).click();
  await expect(page.getByRole('heading', { name: /^Sam .*: progress$/ })).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
});
