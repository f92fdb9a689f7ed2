import { STUDENT } from './demo';
import { personInLessonRoom } from './lesson-room-people';
import { expect, type Page, test } from './test';

/** A seeded Physics lesson no other journey writes in (Sam and Maya attend it). */
const ROOM = '/learning-portal/lesson-room/section_physics_lesson_3';
const NOTE = 'Waves: frequency times wavelength is the speed.';
const SNAPSHOT_KEY = 'studyhall.room-snapshot';

const notes = (page: Page) => page.locator('.ProseMirror');
const picture = (page: Page) => page.locator('#room-snapshot');
const keptPicture = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', SNAPSHOT_KEY);

test('a reload into the lesson room shows the room as it was at once, then the live room; not at another width, and not after signing out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const sam = await personInLessonRoom(browser, STUDENT.email, ROOM);
  await notes(sam.page).click();
  await sam.page.keyboard.type(NOTE);
  await expect.poll(() => keptPicture(sam.page)).toContain(NOTE);

  // A slow device, so the picture is on screen long enough to look at before the live room replaces it.
  const cdp = await sam.context.newCDPSession(sam.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await sam.page.reload({ waitUntil: 'domcontentloaded' });
  await expect(picture(sam.page)).toContainText(NOTE);
  await expect(picture(sam.page)).toContainText('Physics lesson 3');
  await expect(picture(sam.page)).toHaveAttribute('aria-hidden', 'true');
  await expect(picture(sam.page).locator('[contenteditable], [data-testid]')).toHaveCount(0);
  await expect(picture(sam.page)).toHaveCount(0, { timeout: 30_000 });
  await expect(notes(sam.page)).toContainText(NOTE);
  await expect(sam.page.getByTestId('connection-state')).toHaveText(/Live/, { timeout: 30_000 });

  // Laid out for another width, the picture would not match the room: the reload starts without it.
  await sam.page.setViewportSize({ width: 375, height: 800 });
  await sam.page.reload({ waitUntil: 'domcontentloaded' });
  await expect(picture(sam.page)).toHaveCount(0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(notes(sam.page)).toContainText(NOTE);

  await sam.page.setViewportSize({ width: 1440, height: 900 });
  await sam.page.getByRole('button', { name: /^Account menu for Sam/ }).click();
  await sam.page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(sam.page).toHaveURL(/\/learning-portal\/?$/);
  expect(await keptPicture(sam.page)).toBe('');
  await sam.context.close();
});
