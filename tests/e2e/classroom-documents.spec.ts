import { readFile } from 'node:fs/promises';
import { jsPDF, type jsPDFOptions } from 'jspdf';
import { signIn } from './demo';
import { ownLesson } from './own-lesson';
import { type Browser, expect, type Page, test } from './test';

const { room } = ownLesson('Worksheet together');

/** A worksheet of three A4 pages, made here so the journey carries no binary fixture. */
function worksheet(options: jsPDFOptions = {}) {
  const pdf = new jsPDF({ unit: 'pt', format: 'a4', ...options });
  for (const page of [1, 2, 3]) {
    if (page > 1) pdf.addPage();
    pdf.setFontSize(28);
    pdf.text(`Forces worksheet, page ${page}`, 60, 90);
    pdf.setLineWidth(2);
    pdf.rect(60, 130, 470, 200);
    pdf.setFontSize(14);
    pdf.text(`${page}. Draw the forces on the box.`, 60, 370);
  }
  return Buffer.from(pdf.output('arraybuffer'));
}

async function personIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(room());
  await expect(page.getByTestId('connection-state')).toHaveText(/Live/);
  return { context, page };
}

const board = (page: Page) => page.getByTestId('whiteboard');
const paper = (page: Page) => board(page).locator('image[data-element=image]');
const importMessage = (page: Page) => page.getByTestId('document-import');

async function drawOn(page: Page, points: [number, number][]) {
  const box = (await board(page).boundingBox())!;
  await page.mouse.move(box.x + points[0]![0], box.y + points[0]![1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
  await page.mouse.up();
}

async function choose(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import PDF' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

test('a PDF is imported, annotated by tutor and student together, and exported with its pages', async ({ browser }, testInfo) => {
  // Two people, pdf.js rendering three pages and an export: longer than one person's journey on a busy machine.
  test.setTimeout(90_000);
  const tutor = await personIn(browser, 'tutor@studyhall.test');
  const student = await personIn(browser, 'student@studyhall.test');
  await expect(tutor.page.getByTestId('present-people')).toHaveAttribute('aria-label', /Sam/);

  // What cannot be imported says so in a sentence, and nothing reaches the board.
  await choose(tutor.page, 'notes.txt', Buffer.from('Bring a calculator.'), 'text/plain');
  await expect(importMessage(tutor.page)).toHaveAttribute('role', 'alert');
  await expect(importMessage(tutor.page)).toHaveText('“notes.txt” is not a PDF or a picture. Choose a PDF, or a PNG, JPEG or WebP picture.');
  await choose(tutor.page, 'exam.pdf', worksheet({ encryption: { userPassword: 'secret', ownerPassword: 'owner', userPermissions: ['print'] } }));
  await expect(importMessage(tutor.page)).toHaveText('“exam.pdf” is protected by a password. Save a copy without the password and import that.');
  await tutor.page.getByRole('button', { name: 'Close this message' }).click();
  await expect(tutor.page.getByText('Page 1 of 1')).toBeVisible();

  // Theo imports the worksheet: its first page lands on the blank board, the others after it, for both.
  await choose(tutor.page, 'forces.pdf', worksheet());
  await expect(importMessage(tutor.page)).toContainText('Imported 3 pages from “forces.pdf”.', { timeout: 30_000 });
  await expect(tutor.page.getByText('Page 1 of 3')).toBeVisible();
  await expect(student.page.getByText(/Page \d of 3/)).toBeVisible();
  await expect(paper(tutor.page)).toHaveAttribute('href', /^blob:/);

  // Theo goes to page 2; Sam follows him there. Both write on the worksheet.
  await tutor.page.getByRole('button', { name: 'Page 2' }).click();
  await expect(student.page.getByText('Page 2 of 3')).toBeVisible();
  await expect(paper(student.page)).toHaveAttribute('href', /^blob:/);
  await drawOn(tutor.page, [
    [140, 240],
    [260, 200],
    [380, 260],
  ]);
  await drawOn(student.page, [
    [160, 320],
    [300, 360],
    [420, 300],
  ]);
  for (const { page } of [tutor, student]) await expect(board(page).locator('[data-element=pen]')).toHaveCount(2);

  // The page itself is paper: Sam's eraser and selection pass over it and leave it where it is.
  await student.page.keyboard.press('e');
  await drawOn(student.page, [
    [500, 150],
    [560, 420],
  ]);
  await student.page.keyboard.press('v');
  await board(student.page).click({ position: { x: 520, y: 200 } });
  await expect(board(student.page).getByTestId('selection')).toHaveCount(0);
  await student.page.keyboard.press('Delete');
  for (const { page } of [tutor, student]) {
    await expect(paper(page)).toHaveCount(1);
    await expect(board(page).locator('[data-element=pen]')).toHaveCount(2);
  }

  await tutor.page.screenshot({ path: testInfo.outputPath('documents-1280.png') });

  // The export is the three worksheet pages at their own A4 size, ink on top, then the notes.
  const download = tutor.page.waitForEvent('download');
  await tutor.page.getByRole('button', { name: 'Export PDF' }).click();
  const file = await readFile((await (await download).path())!);
  const text = file.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(4);
  const sizes = [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  expect(sizes.slice(0, 3)).toEqual([
    [595, 842],
    [595, 842],
    [595, 842],
  ]);

  // On a phone the room still fits, with the imported page and the import button.
  await student.page.setViewportSize({ width: 375, height: 812 });
  await expect(student.page.getByRole('button', { name: 'Import PDF' })).toBeVisible();
  expect(await student.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await student.page.screenshot({ path: testInfo.outputPath('documents-375.png') });
});
