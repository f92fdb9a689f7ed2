import { personInLessonRoom } from './lesson-room-people';
import { type Browser, expect, type Page, test } from './test';

/** A seeded Mathematics lesson of its own, so the journey does not depend on the lesson-room spec's ended lesson. */
const ROOM = '/learning-portal/lesson-room/section_maths_lesson_3';

const personIn = (browser: Browser, email: string) => personInLessonRoom(browser, email, ROOM);

const board = (page: Page) => page.getByTestId('whiteboard');
const rect = (page: Page) => board(page).locator('[data-element=rect]');

/** Press at one board point, move to another, release. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = (await board(page).boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
  await page.mouse.up();
}

/** Where the rectangle sits on someone's board, in board units. */
async function expectRectAt(page: Page, x: number, y: number) {
  await expect.poll(async () => Number(await rect(page).getAttribute('x'))).toBeCloseTo(x, 1);
  await expect.poll(async () => Number(await rect(page).getAttribute('y'))).toBeCloseTo(y, 1);
}

test('the tutor selects a rectangle, moves it for everyone, nudges and deletes it, and undo puts it back', async ({ browser }) => {
  test.setTimeout(60_000);
  const tutor = await personIn(browser, 'tutor@studyhall.test');
  const student = await personIn(browser, 'student@studyhall.test');

  await tutor.page.keyboard.press('r');
  await drag(tutor.page, [200, 200], [360, 300]);
  await expect(rect(student.page)).toHaveCount(1);
  const x = Number(await rect(tutor.page).getAttribute('x'));
  const y = Number(await rect(tutor.page).getAttribute('y'));

  // A click on its outline selects it; dragging moves it, and Sam sees it land where it was dropped.
  await tutor.page.getByRole('button', { name: 'Select (V)' }).click();
  await expect(tutor.page.getByRole('button', { name: 'Select (V)' })).toHaveAttribute('aria-pressed', 'true');
  await board(tutor.page).click({ position: { x: 200, y: 250 } });
  await expect(board(tutor.page).getByTestId('selection')).toBeVisible();
  await expect(tutor.page.getByText('1 item selected.')).toBeAttached();
  await drag(tutor.page, [200, 250], [320, 330]);
  await expectRectAt(student.page, x + 120, y + 80);
  await expectRectAt(tutor.page, x + 120, y + 80);

  // One undo takes the whole move back, for both.
  await tutor.page.keyboard.press('Control+z');
  await expectRectAt(tutor.page, x, y);
  await expectRectAt(student.page, x, y);

  // A box drawn around it selects it again; Shift+arrow nudges by ten, Delete removes, undo restores.
  await drag(tutor.page, [150, 150], [420, 350]);
  await expect(board(tutor.page).getByTestId('selection')).toBeVisible();
  await tutor.page.keyboard.press('Shift+ArrowRight');
  await expectRectAt(student.page, x + 10, y);
  await tutor.page.keyboard.press('Delete');
  await expect(rect(student.page)).toHaveCount(0);
  await expect(board(tutor.page).getByTestId('selection')).toHaveCount(0);
  await tutor.page.keyboard.press('Control+z');
  await expect(rect(student.page)).toHaveCount(1);
  await expectRectAt(student.page, x + 10, y);

  // Sam can select too; Escape clears it.
  await student.page.keyboard.press('v');
  await board(student.page).click({ position: { x: 210, y: 250 } });
  await expect(board(student.page).getByTestId('selection')).toBeVisible();
  await student.page.keyboard.press('Escape');
  await expect(board(student.page).getByTestId('selection')).toHaveCount(0);

  await tutor.context.close();
  await student.context.close();
});
