import AxeBuilder from '@axe-core/playwright';
import { personInLessonRoom } from './lesson-room-people';
import { ownLesson } from './own-lesson';
import { type Browser, expect, type Page, test } from './test';

const { room } = ownLesson('Class controls');

const personIn = (browser: Browser, email: string) => personInLessonRoom(browser, email, room());
const board = (page: Page) => page.getByTestId('whiteboard');

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = (await board(page).boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
  await page.mouse.up();
}

async function control(page: Page, item: string | RegExp) {
  await page.getByRole('button', { name: 'Class controls' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Where the rectangle is on the board, in board units: the same on every screen whatever its camera. */
const rectAt = (page: Page) =>
  board(page)
    .locator('[data-element=rect]')
    .evaluate((rect) => `${rect.getAttribute('x')},${rect.getAttribute('y')}`);

test("Theo's controls: a locked page and a locked item stay put for Sam, Sam's view follows Theo's lead, and Sam's raised hand reaches Theo's queue", async ({
  browser,
}) => {
  // Two people and three controls, each one waiting on the other's screen.
  test.setTimeout(90_000);
  const theo = await personIn(browser, 'tutor@studyhall.test');
  const sam = await personIn(browser, 'student@studyhall.test');
  await expect(theo.page.getByTestId('present-people')).toHaveAttribute('aria-label', /Sam/);

  // Theo draws a rectangle; Sam sees it and takes the Select tool.
  await theo.page.keyboard.press('r');
  await drag(theo.page, [120, 140], [300, 260]);
  await expect(board(sam.page).locator('[data-element=rect]')).toHaveCount(1);
  const placed = await rectAt(theo.page);
  await expect.poll(() => rectAt(sam.page)).toBe(placed);
  await sam.page.keyboard.press('v');

  // Theo locks page 1: Sam is told in words, and dragging the rectangle moves nothing.
  await control(theo.page, 'Lock page 1');
  await expect(sam.page.getByText('This page is locked by your tutor.')).toBeVisible();
  await expect(theo.page.getByText('Page 1 is locked for students.')).toBeVisible();
  await drag(sam.page, [122, 200], [420, 320]);
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-controls-sam-locked-page.png' });
  await expect(sam.page.getByTestId('selection')).toHaveCount(0);
  expect(await rectAt(sam.page)).toBe(placed);
  expect(await rectAt(theo.page)).toBe(placed);

  // The page opens again, and Theo locks the rectangle itself: a padlock on it for both, and Sam still cannot move it.
  // Sam's drag panned Sam's board: following Theo again puts it back where Theo's is.
  await sam.page.getByRole('button', { name: 'Follow the tutor' }).click();
  await control(theo.page, 'Unlock page 1');
  await expect(sam.page.getByText('This page is locked by your tutor.')).toHaveCount(0);
  await theo.page.keyboard.press('v');
  await board(theo.page).click({ position: { x: 120, y: 200 } });
  await expect(theo.page.getByTestId('selection')).toHaveCount(1);
  await control(theo.page, 'Lock the selected item');
  await expect(board(sam.page).getByTestId('element-lock')).toHaveCount(1);
  await expect(board(theo.page).getByTestId('element-lock')).toHaveCount(1);
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-controls-sam-locked-item.png' });
  await sam.page.keyboard.press('v');
  await drag(sam.page, [122, 200], [420, 320]);
  expect(await rectAt(sam.page)).toBe(placed);
  expect(await rectAt(theo.page)).toBe(placed);
  // The tutor still can.
  await theo.page.keyboard.press('ArrowRight');
  await expect.poll(() => rectAt(sam.page)).not.toBe(placed);

  // Theo leads: Sam follows a page change and cannot wander off.
  await control(theo.page, 'Lead: students follow my page');
  await expect(sam.page.getByText("Theo Tutor is leading: you follow the tutor's page.")).toBeVisible();
  await theo.page.getByRole('button', { name: 'Add a page' }).click();
  await expect(theo.page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(sam.page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(sam.page.getByRole('button', { name: /^Page 1/ })).toBeDisabled();
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-controls-sam-led.png' });

  // Leading off, Sam goes back to page 1; "Bring everyone to my view" brings Sam to Theo's page 2 in one press.
  await control(theo.page, 'Stop leading: students move freely');
  await expect(sam.page.getByText("Theo Tutor is leading: you follow the tutor's page.")).toHaveCount(0);
  await sam.page.getByRole('button', { name: /^Page 1/ }).click();
  await expect(sam.page.getByRole('button', { name: /^Page 1/ })).toHaveAttribute('aria-current', 'page');
  await control(theo.page, 'Bring everyone to my view');
  await expect(sam.page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Sam raises a hand; Theo sees the queue, and lowers it.
  await sam.page.getByRole('button', { name: 'Raise hand' }).click();
  await expect(sam.page.getByText('Your hand is up: you are 1st in the queue.')).toBeVisible();
  await expect(theo.page.getByText('1 hand raised')).toBeVisible();
  await expect(theo.page.getByTestId('hand-queue').getByRole('listitem')).toHaveText(['1. Sam StudentLower']);

  // The lesson timer: Theo starts it, everyone sees the same running time.
  await theo.page.getByRole('button', { name: 'Start the timer' }).click();
  await expect(sam.page.getByRole('timer')).toBeVisible();
  await expect(sam.page.getByRole('timer')).toHaveAttribute('aria-label', /Lesson timer: [1-9] seconds?/);

  // The whole room with its controls, as each of them sees it, passes axe (WCAG 2.1 A and AA) with no serious or
  // critical finding.
  for (const { page } of [theo, sam]) {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`))).toEqual([]);
  }

  for (const [width, height, name] of [
    [1280, 800, 'wide'],
    [375, 760, 'phone'],
  ] as const) {
    await theo.page.setViewportSize({ width, height });
    await sam.page.setViewportSize({ width, height });
    await theo.page.screenshot({ path: `.tmp/e2e-results/classroom-controls-theo-${name}.png` });
    await sam.page.screenshot({ path: `.tmp/e2e-results/classroom-controls-sam-${name}.png` });
  }

  await theo.page.getByRole('button', { name: "Lower Sam Student's hand" }).click();
  await expect(sam.page.getByRole('button', { name: 'Raise hand' })).toBeVisible();
  await expect(theo.page.getByText('No hands raised')).toBeVisible();

  // Leave the board as it was for anyone who opens this lesson next.
  await theo.page.getByRole('button', { name: 'Reset the timer' }).click();
  await theo.page.getByRole('button', { name: /^Page 1/ }).click();
  await board(theo.page).click({ position: { x: 200, y: 140 } });
  await control(theo.page, 'Unlock the selected item');
  await expect(board(sam.page).getByTestId('element-lock')).toHaveCount(0);
});
