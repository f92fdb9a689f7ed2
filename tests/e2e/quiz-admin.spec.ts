import { STUDENT, signIn } from './demo';
import { expect, type Page, test } from './test';

const TITLE = 'Linear equations: tutor check';
const REASON = 'Correct method shown on the worksheet';

async function adminCreatesAndPublishes(page: Page) {
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/content');
  await page.getByRole('button', { name: 'Algebra', exact: true }).click();
  await page.getByRole('link', { name: 'Linear equations' }).click();
  await expect(page.getByRole('heading', { name: 'Linear equations', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Quizzes' }).click();
  const count = page.getByTestId('quiz-count');
  await expect(count).toHaveText('(2)');

  await page.getByRole('button', { name: 'New quiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'New quiz' });
  await dialog.getByLabel(/Title/).fill(TITLE);
  await dialog
    .getByRole('checkbox', { name: /Multiple choice/ })
    .first()
    .check();
  await dialog
    .getByRole('checkbox', { name: /Open ·/ })
    .first()
    .check();
  await expect(dialog.getByText('(2 chosen)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create quiz' }).click();
  await expect(page.getByText('Quiz Created')).toBeVisible();
  await expect(count).toHaveText('(3)');
  const row = page.getByTestId('quiz-row').first();
  await expect(row).toContainText(TITLE);
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Publish ${TITLE}` }).click();
  await expect(page.getByText('Quiz updated')).toBeVisible();
  await expect(row).toContainText('Published');
}

test('an admin publishes a quiz from approved questions, Sam takes it, a tutor overrides a mark with a reason and Sam sees why', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people sign in and work in turn, so this journey gets three times the usual time on a loaded machine.
  test.slow();
  await adminCreatesAndPublishes(page);

  const samContext = await browser.newContext({ baseURL });
  const sam = await samContext.newPage();
  await signIn(sam, STUDENT.email);
  await expect(sam).toHaveURL(/\/portal$/);
  await sam
    .getByTestId('quizzes-to-take')
    .getByRole('link', { name: new RegExp(TITLE) })
    .click();
  await sam.getByRole('link', { name: /^(Start the quiz|Start a new attempt|Resume your attempt)$/ }).click();
  // The about page has the quiz's title too: wait for the player's own address before answering.
  await expect(sam).toHaveURL(/\/dashboard\/.+\/quiz\/\w+$/);
  await expect(sam.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await sam.keyboard.press('1');
  await expect(sam.getByTestId('save-state')).toHaveText('All answers saved');
  await sam.getByRole('button', { name: 'Question 2' }).click();
  await sam.getByLabel(/Your answer/).fill('x = 4');
  await sam.getByRole('heading', { level: 1, name: TITLE }).click();
  await expect(sam.getByTestId('save-state')).toHaveText('All answers saved');
  await sam.getByRole('button', { name: 'Finish quiz' }).click();
  await expect(sam.getByText('Quiz Completed')).toBeVisible();
  const resultsUrl = sam.url();

  const tutorContext = await browser.newContext({ baseURL });
  const tutor = await tutorContext.newPage();
  await signIn(tutor, 'tutor@studyhall.test');
  await expect(tutor).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await tutor.goto('/learning-portal/portal/courses');
  await tutor.getByRole('link', { name: /IGCSE Mathematics with Theo/ }).click();
  await tutor.getByRole('tab', { name: 'People' }).click();
  await tutor.getByRole('link', { name: /Sam Student/ }).click();
  await expect(tutor.getByRole('heading', { level: 1, name: 'Sam Student: quizzes' })).toBeVisible();
  await tutor
    .getByTestId('attempt-list')
    .getByRole('link', { name: new RegExp(TITLE) })
    .click();
  await expect(tutor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const open = tutor.getByTestId('review-question').filter({ hasText: 'Mark scheme it was marked against' });
  await expect(open).toContainText('x = 4');
  await open.getByRole('button', { name: 'Override mark' }).click();
  await open.getByRole('button', { name: 'Save mark' }).click();
  await expect(open.getByText('Say why: the student sees this reason')).toBeVisible();
  await open.getByLabel(/New mark/).fill('1');
  await open.getByLabel(/Reason/).fill(REASON);
  await open.getByRole('button', { name: 'Save mark' }).click();
  await expect(tutor.getByText('Mark updated')).toBeVisible();
  await expect(open.getByTestId('question-mark')).toHaveText(/^1\//);

  await sam.goto(resultsUrl);
  const reviewed = sam.getByTestId('result-review');
  await expect(reviewed).toContainText(`Marked by your tutor: ${REASON}`);
  await expect(reviewed.getByText('Marked by your tutor', { exact: true })).toBeVisible();

  await samContext.close();
  await tutorContext.close();
});
