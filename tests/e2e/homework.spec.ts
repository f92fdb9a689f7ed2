import { signIn } from './demo';
import { expect, type Page, test } from './test';

/** Sam's IGCSE maths course, which Theo tutors (schema/seed-courses.ts). */
const COURSE = '/learning-portal/portal/courses/course_igcse_maths_theo';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Two days ahead at 18:00, as the due field's datetime-local input takes it. */
function dueInput() {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60_000);
  return `${day.toISOString().slice(0, 10)}T18:00`;
}

async function homeworkTab(page: Page, title: string) {
  await page.goto(COURSE);
  await page.getByRole('tab', { name: 'Homework' }).click();
  return page.getByRole('article', { name: title });
}

test('a tutor sets homework, Sam hands in a file, the tutor marks it, and Sam and his parent see the mark', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const title = `Fractions worksheet ${Date.now()}`;
  const shot = async (who: Page, name: string) => testInfo.attach(name, { body: await who.screenshot({ fullPage: true }), contentType: 'image/png' });

  // Theo sets the homework under Lessons & materials.
  await signIn(page, 'tutor@studyhall.test');
  await page.goto(COURSE);
  await page.getByRole('button', { name: 'Add homework' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel(/^Due/).fill(dueInput());
  await dialog.getByRole('button', { name: 'Add homework' }).click();
  await expect(page.getByText('Homework added!')).toBeVisible();

  // Sam hands in a PDF with a note, from his phone.
  const samContext = await browser.newContext({ viewport: PHONE });
  const sam = await samContext.newPage();
  await signIn(sam, 'student@studyhall.test');
  const samsHomework = await homeworkTab(sam, title);
  await expect(samsHomework).toContainText('You have not handed this in yet.');
  await samsHomework.getByRole('button', { name: 'Hand in' }).click();
  const handIn = sam.getByRole('dialog');
  await handIn.getByLabel('Add files').setInputFiles([
    { name: 'game.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    { name: 'fractions.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nmy working') },
  ]);
  await handIn.getByLabel('Your answer or a note for your tutor').fill('Question 6 was the hardest.');
  await handIn.getByRole('button', { name: 'Hand in' }).click();
  await expect(handIn.getByText('“game.exe” must be a PDF, PNG, JPEG, WebP, Word (.docx) or plain text (.txt) file.')).toBeVisible();
  await shot(sam, 'hand-in-375');
  await handIn.getByRole('button', { name: 'Remove game.exe' }).click();
  await sam.setViewportSize(DESKTOP);
  await shot(sam, 'hand-in-1280');
  await handIn.getByRole('button', { name: 'Hand in' }).click();
  await expect(sam.getByText('Homework handed in!')).toBeVisible();
  await expect(samsHomework).toContainText('Waiting for the tutor to mark it.');
  await expect(samsHomework.getByRole('button', { name: /fractions-\d+\.pdf/ })).toBeVisible();

  // Theo finds the hand-in and marks it.
  const theosHomework = await homeworkTab(page, title);
  const row = theosHomework.getByTestId('hand-in-row').filter({ hasText: 'Sam Student' });
  await expect(row).toContainText('Question 6 was the hardest.');
  await row.getByRole('button', { name: 'Mark' }).click();
  const marking = page.getByRole('dialog');
  await marking.getByLabel('Mark', { exact: true }).fill('12');
  await marking.getByRole('button', { name: 'Save mark' }).click();
  await expect(marking.getByText('Mark cannot be more than the marks it is out of.')).toBeVisible();
  await marking.getByLabel('Mark', { exact: true }).fill('8');
  await marking.getByLabel('Feedback').fill('Good method. Simplify your final answers.');
  await page.setViewportSize(PHONE);
  await shot(page, 'marking-375');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'marking-1280');
  await marking.getByRole('button', { name: 'Save mark' }).click();
  await expect(page.getByText('Mark saved. The student and their parents have been told.')).toBeVisible();
  await expect(row.getByTestId('hand-in-mark')).toContainText('Mark: 8 / 10 (80%)');
  await shot(page, 'hand-ins-1280');

  // Sam sees the mark and the feedback.
  const marked = await homeworkTab(sam, title);
  await expect(marked.getByTestId('hand-in-mark')).toContainText('Mark: 8 / 10 (80%)');
  await expect(marked).toContainText('Good method. Simplify your final answers.');
  await expect(marked.getByRole('button', { name: 'Change hand-in' })).toHaveCount(0);

  // So does Pat, acting for Sam, who reads and cannot hand in.
  const patContext = await browser.newContext({ viewport: PHONE });
  const pat = await patContext.newPage();
  await signIn(pat, 'parent@studyhall.test');
  await pat.getByRole('button', { name: 'Act as Sam' }).click();
  await expect(pat).toHaveURL(/\/learning-portal\/portal$/);
  const patsView = await homeworkTab(pat, title);
  await expect(patsView.getByTestId('hand-in-mark')).toContainText('Mark: 8 / 10 (80%)');
  await expect(patsView).toContainText('Good method. Simplify your final answers.');
  await expect(patsView.getByRole('button', { name: /Hand in|Change hand-in/ })).toHaveCount(0);
  await shot(pat, 'parent-375');
});
