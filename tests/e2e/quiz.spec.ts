import { STUDENT, signIn } from './demo';
import { expect, test } from './test';

const QUIZ = 'quiz_studyhall_linear_equations_a';

test('a student finds a sub topic from the subject page, takes a timed quiz with a hint and a revealed answer, survives a reload, finishes and reviews it', async ({
  page,
}) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByTestId('quizzes-to-take').getByRole('link').first()).toBeVisible();

  await page.goto('/learning-portal/cambridge-igcse/maths');
  await page.getByRole('link', { name: 'Practice Linear equations' }).click();
  // A learner first reads the quiz's about page, then starts it there.
  await page.getByRole('link', { name: /^(Start the quiz|Start a new attempt|Resume your attempt)$/ }).click();
  await expect(page).toHaveURL(
    /\/learning-portal\/dashboard\/cambridge-igcse\/maths\/algebra\/linear-equations\/sub_topic_studyhall_linear_equations\/quiz\/\w+$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: /^Linear equations: practice set [AB]$/ })).toBeVisible();
  const total = await page.getByRole('navigation', { name: 'Questions' }).getByRole('button').count();

  await page.getByLabel('Countdown').selectOption('10');
  const timer = page.getByTestId('quiz-timer');
  await expect(timer).toContainText(/^(10:00|9:\d\d)/);

  await page.getByRole('button', { name: 'Get a hint' }).click();
  await expect(page.getByText('AI Hint is now Visible')).toBeVisible();
  await expect(page.getByTestId('hint')).toContainText('Offline helper');

  await page.keyboard.press('1');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');

  await page.reload();
  await expect(page.getByText(`Question 2 of ${total}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(timer).toBeVisible();

  await page.getByRole('button', { name: 'Get answer' }).click();
  await expect(page.getByText('Answer is now Visible')).toBeVisible();
  await expect(page.getByTestId('revealed-answer')).toBeVisible();

  for (let i = 2; i < total; i += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`Question ${i + 1} of ${total}`)).toBeVisible();
    await page.keyboard.press('2');
  }
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Question 1, answered' }).click();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: `Question ${total}, answered` }).click();
  await page.getByRole('button', { name: 'Finish quiz' }).click();
  await expect(page.getByText('Quiz Completed')).toBeVisible();

  await expect(page.getByTestId('result-band')).toHaveText(/^(Revise|Good|Very Good)$/);
  await expect(page.getByTestId('result-feedback')).toContainText('You scored');
  const review = page.getByTestId('result-review').getByRole('listitem').filter({ hasText: 'Skipped (answer revealed)' });
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('The answer was revealed, so this question scores no marks.');
  await expect(page.getByTestId('result-review')).toContainText('Explanation');
  await expect(page.getByTestId('quiz-timer')).toHaveCount(0);

  await page.goto('/learning-portal/dashboard');
  await expect(page.getByTestId('quiz-history')).toContainText('Linear equations: practice set');
  await expect(page.getByTestId('quiz-history')).toContainText('1 attempt');
});

test('a visitor starts the 1 day free trial from a quiz link and takes the quiz', async ({ page }) => {
  await page.goto(`/learning-portal/startSubmission/${QUIZ}`);
  await page.getByRole('button', { name: 'Start 1 day free trial' }).click();
  await expect(page.getByText('Studyhall 1 day Free Trial Started!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Linear equations: practice set A' })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Question 8' }).click();
  await page.getByRole('button', { name: 'Finish quiz' }).click();
  await expect(page.getByText('7 questions have no answer yet. Finish anyway?')).toBeVisible();
  await page.getByRole('button', { name: 'Finish anyway' }).click();
  await expect(page.getByText('Quiz Completed')).toBeVisible();
  await expect(page.getByTestId('result-band')).toHaveText('Revise');
});

test('an answer given while the connection is down is kept on the device and saved when it returns', async ({ page, context }) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/learning-portal/startSubmission/quiz_studyhall_linear_equations_b');
  await expect(page.getByRole('heading', { level: 1, name: 'Linear equations: practice set B' })).toBeVisible();

  await context.setOffline(true);
  await page.keyboard.press('3');
  await expect(page.getByTestId('save-state')).toHaveText('Saved on this device; will send when back online');
  await context.setOffline(false);
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');

  await page.reload();
  await page.getByRole('button', { name: 'Question 1, answered' }).click();
  await expect(page.getByRole('radio').nth(2)).toBeChecked();
});

test('an unsent answer survives a reload on the device and is sent on the next visit', async ({ page }) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/learning-portal/startSubmission/quiz_studyhall_simultaneous_equations_a');
  await expect(page.getByText(/Question 1 of/)).toBeVisible();

  await page.route('**/api/submissions/answer/add', (route) => route.abort('internetdisconnected'));
  await page.keyboard.press('2');
  await expect(page.getByTestId('save-state')).toHaveText('Saved on this device; will send when back online');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();

  await page.unroute('**/api/submissions/answer/add');
  await page.reload();
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  const url = page.url();
  const submissionId = url.slice(url.lastIndexOf('/') + 1);
  const token = await page.evaluate(() => localStorage.getItem('studyhall.token'));
  const saved = await page.request.get(`/api/submissions/${submissionId}`, { headers: { authorization: `Bearer ${token}` } });
  const doc = (await saved.json()) as { questions: { status: string; optionId: string | null; options: { _id: string }[] }[] };
  expect(doc.questions[0]).toMatchObject({ status: 'ANSWERED', optionId: doc.questions[0]!.options[1]!._id });
});

test('a student types an open answer and at once asks for its mark, then asks again and sees the same mark', async ({ page }) => {
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/learning-portal/startSubmission/quiz_studyhall_linear_equations_b');
  const questions = page.getByRole('navigation', { name: 'Questions' }).getByRole('button');
  await expect(questions.first()).toBeVisible();
  const answer = page.getByLabel(/Your answer/);
  for (let i = 0; !(await answer.isVisible()); i += 1) await questions.nth(i).click();

  await answer.fill('6x + 6 = 36, so x = 5 and the sides are 8 cm and 10 cm');
  await page.getByRole('button', { name: 'Mark my answer' }).click();
  const mark = page.getByTestId('open-mark');
  await expect(mark).toContainText(/\d+\/\d+ marks/);
  const first = (await mark.textContent()) ?? '';

  await page.getByRole('button', { name: 'Mark my answer' }).click();
  await expect(page.getByRole('button', { name: 'Mark my answer' })).toBeEnabled();
  await expect(mark).toHaveText(first);
  await expect(page.getByText(/no answer to mark|went wrong/)).toHaveCount(0);
});

test('a student types an open answer, clicks "Mark my answer" 300 ms later and sees the mark, which stays', async ({ page }) => {
  await signIn(page, 'student2@studyhall.test');
  await page.goto('/learning-portal/startSubmission/quiz_studyhall_linear_equations_b');
  const questions = page.getByRole('navigation', { name: 'Questions' }).getByRole('button');
  await expect(questions.first()).toBeVisible();
  const answer = page.getByLabel(/Your answer/);
  for (let i = 0; !(await answer.isVisible()); i += 1) await questions.nth(i).click();

  await answer.clear();
  await answer.pressSequentially('x = 5, so the sides are 8 cm and 10 cm');
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Mark my answer' }).click();
  const mark = page.getByTestId('open-mark');
  await expect(mark).toContainText(/\d+\/\d+ marks/);
  const first = (await mark.textContent()) ?? '';
  // Past the pause in typing that would have saved the text again.
  await page.waitForTimeout(1_000);
  await expect(mark).toHaveText(first);
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
});
