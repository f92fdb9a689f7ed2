import { signIn } from './demo';
import { expect, test } from './test';

/** Last week's seeded one-to-one: the close job at start-up wrote its history from the attendance the rooms reported. */
const LESSON = 'section_maths_lesson_1';
const SUMMARY = 'Sam worked through ratios with care and asked good questions.';

test('after a lesson the tutor finds who came, writes the drafted report and sends it; the parent reads it at home and in the mailbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'tutor@studyhall.test');
  await page.goto(`/learning-portal/waiting-room/${LESSON}`);
  await expect(page.getByRole('heading', { name: 'This lesson has ended' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Join/ })).toHaveCount(0);
  const attendance = page.getByTestId('attendance');
  await expect(attendance).toContainText('Theo (tutor)');
  await expect(attendance).toContainText('4 Min Late');
  await expect(attendance).toContainText('Sam Student');

  await page.getByRole('link', { name: 'Write the lesson report' }).click();
  const report = page.getByTestId('lesson-report');
  await expect(report.getByTestId('report-facts')).toContainText('Sam was in the lesson for 1 h of 1 h.');
  await report.getByRole('button', { name: 'Send to Sam and family' }).click();
  await expect(report.getByText('The summary is needed before the report can be sent.')).toBeVisible();
  await report.getByLabel(/What we covered/).fill('Ratios\nProportion');
  await report.getByLabel(/How the lesson went/).fill(SUMMARY);
  await report.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved!')).toBeVisible();
  await report.getByRole('button', { name: 'Send to Sam and family' }).click();
  await expect(page.getByText('Lesson report sent!')).toBeVisible();
  await expect(report.getByTestId('report-status')).toHaveText('Sent');

  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await signIn(parent, 'parent@studyhall.test');
  await parent.goto('/learning-portal/portal');
  const reports = parent.getByTestId('lesson-reports');
  await reports.getByRole('link', { name: 'Mathematics lesson 1: Sam' }).click();
  await expect(parent.getByTestId('report-summary')).toHaveText(SUMMARY);
  await expect(parent.getByTestId('lesson-report')).toContainText('Proportion');
  await expect(parent.getByRole('textbox')).toHaveCount(0);

  await parent.goto('/learning-portal/dev/mailbox');
  await expect(parent.getByText('Lesson report: Mathematics lesson 1').first()).toBeVisible();
  await parentContext.close();
});
