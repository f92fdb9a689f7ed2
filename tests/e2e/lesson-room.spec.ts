import { signIn } from './demo';
import { personInLessonRoom } from './lesson-room-people';
import { type Browser, expect, type Page, test } from './test';

/** A seeded Mathematics lesson: Theo tutors it, Sam is enrolled. */
const ROOM = '/learning-portal/lesson-room/section_maths_lesson_2';

const personIn = (browser: Browser, email: string) => personInLessonRoom(browser, email, ROOM);

async function drawOn(page: Page, points: [number, number][]) {
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  await page.mouse.move(box.x + points[0]![0], box.y + points[0]![1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
  await page.mouse.up();
}

const board = (page: Page) => page.getByTestId('whiteboard');
const notes = (page: Page) => page.locator('.ProseMirror');

test('tutor and student draw and write together, and work done offline merges on reconnect', async ({ browser }) => {
  // Two people, two documents and an offline spell: longer than one person's journey on a busy machine.
  test.setTimeout(60_000);
  const tutor = await personIn(browser, 'tutor@studyhall.test');
  const student = await personIn(browser, 'student@studyhall.test');
  await expect(tutor.page.getByRole('heading', { name: 'Mathematics lesson 2' })).toBeVisible();
  await expect(tutor.page.getByTestId('present-people')).toHaveAttribute('aria-label', /Sam/);

  // Sam watches Theo's stroke form, and it lands as one stroke on pen-up; strokes travel both ways.
  const tutorBoard = (await board(tutor.page).boundingBox())!;
  await tutor.page.mouse.move(tutorBoard.x + 100, tutorBoard.y + 150);
  await tutor.page.mouse.down();
  await tutor.page.mouse.move(tutorBoard.x + 180, tutorBoard.y + 110, { steps: 5 });
  await tutor.page.mouse.move(tutorBoard.x + 260, tutorBoard.y + 190, { steps: 5 });
  await expect(board(student.page).getByTestId('peer-draft')).toHaveCount(1);
  await expect(board(student.page).locator('[data-element=pen]')).toHaveCount(0);
  await tutor.page.mouse.move(tutorBoard.x + 340, tutorBoard.y + 120, { steps: 5 });
  await tutor.page.mouse.up();
  await expect(board(student.page).locator('[data-element=pen]')).toHaveCount(1);
  await expect(board(student.page).getByTestId('peer-draft')).toHaveCount(0);
  await student.page.keyboard.press('r');
  await drawOn(student.page, [
    [120, 260],
    [320, 380],
  ]);
  await expect(board(tutor.page).locator('[data-element=rect]')).toHaveCount(1);

  // Text on the board, and the notes.
  await tutor.page.keyboard.press('t');
  await board(tutor.page).click({ position: { x: 420, y: 120 } });
  await tutor.page.getByLabel('Text on the board').fill('Area = πr²');
  await tutor.page.getByLabel('Text on the board').press('Enter');
  await expect(board(student.page).getByText('Area = πr²')).toBeVisible();
  await notes(tutor.page).click();
  await tutor.page.keyboard.type('Circles: area and circumference.');
  await expect(notes(student.page)).toContainText('Circles: area and circumference.');

  // Live cursors with names.
  const box = (await board(student.page).boundingBox())!;
  await student.page.mouse.move(box.x + 500, box.y + 300, { steps: 3 });
  await expect(board(tutor.page).getByTestId('peer-cursor')).toContainText('Sam');

  // Sam loses the network and keeps working.
  await student.context.setOffline(true);
  await expect(student.page.getByTestId('connection-state')).toHaveText(/Offline/);
  await student.page.getByRole('button', { name: 'Ellipse (O)' }).click();
  await drawOn(student.page, [
    [500, 300],
    [640, 400],
  ]);
  await notes(student.page).click();
  await student.page.keyboard.press('End');
  await student.page.keyboard.type(' Sam wrote this offline.');
  await expect(student.page.getByTestId('pending-changes')).toContainText('kept on this device, not yet synced');
  // A button, not the L key: the tutor's keyboard is still in the notes.
  await tutor.page.getByRole('button', { name: 'Line (L)' }).click();
  await drawOn(tutor.page, [
    [100, 450],
    [400, 450],
  ]);
  await expect(board(tutor.page).locator('[data-element=ellipse]')).toHaveCount(0);

  // Back online: both see everything, and nothing is left waiting on Sam's device.
  await student.context.setOffline(false);
  await expect(student.page.getByTestId('connection-state')).toHaveText(/Live/, { timeout: 20_000 });
  await expect(student.page.getByTestId('pending-changes')).toHaveCount(0);
  for (const { page } of [tutor, student]) {
    await expect(board(page).locator('[data-element=ellipse]')).toHaveCount(1);
    await expect(board(page).locator('[data-element=line]')).toHaveCount(1);
    await expect(board(page).locator('[data-element=pen]')).toHaveCount(1);
    await expect(notes(page)).toContainText('Circles: area and circumference. Sam wrote this offline.');
  }

  // The tutor sets the page's question, Sam bookmarks the page, and the tutor ends the lesson for both.
  await tutor.page.getByRole('button', { name: 'Question for this page' }).click();
  await tutor.page.getByLabel('Question for this page').fill('Find the area of a circle of radius 3');
  await tutor.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(student.page.getByTestId('page-question')).toContainText('Q1Find the area of a circle of radius 3');
  await student.page.getByRole('button', { name: 'Bookmark page' }).click();
  await expect(student.page.getByText('Page 1 bookmarked')).toBeVisible();
  await tutor.page.getByRole('button', { name: 'End lesson' }).click();
  await tutor.page.getByRole('button', { name: 'End for everyone' }).click();
  for (const { page } of [tutor, student]) {
    await expect(page.getByTestId('lesson-ended')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pen (P)' })).toBeDisabled();
    await expect(notes(page)).toHaveAttribute('contenteditable', 'false');
  }
  await tutor.context.close();
  await student.context.close();

  // With everyone gone the room archives its history; the replay scrubs through it.
  const later = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await later.newPage();
  await signIn(page, 'tutor@studyhall.test');
  await page.goto(ROOM);
  await expect(page.getByTestId('lesson-ended')).toBeVisible();
  await page.getByRole('button', { name: 'Replay' }).click();
  const replay = page.getByRole('region', { name: 'Lesson replay' });
  await expect(replay.locator('[data-element=ellipse]')).toHaveCount(1);
  // 0:00 is the first change (Theo's first stroke); Sam's ellipse came much later.
  await replay.getByRole('slider', { name: 'Time in the lesson' }).fill('0');
  await expect(replay.locator('[data-element=ellipse]')).toHaveCount(0);
  await expect(replay.getByText(/^\d+:\d\d \/ \d+:\d\d$/)).toBeVisible();
  await later.close();

  // The ended room on a phone: the title and date keep their width, the board its height, nothing runs off.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const small = await phone.newPage();
  await signIn(small, 'student@studyhall.test');
  await small.goto(ROOM);
  await expect(small.getByTestId('lesson-ended')).toBeVisible();
  const title = (await small.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(title.width).toBeGreaterThan(150);
  expect((await small.getByText(/ · \d+ min$/).boundingBox())!.height).toBeLessThan(40);
  expect((await board(small).boundingBox())!.height).toBeGreaterThan(200);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();
});

test('someone outside the lesson is told the room is not open to them', async ({ page }) => {
  await signIn(page, 'student2@studyhall.test');
  await page.goto(ROOM);
  await expect(page.getByRole('heading', { name: 'This lesson room is not open to you' })).toBeVisible();
});
