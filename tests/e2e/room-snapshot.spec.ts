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

  // The picture is on screen only until the live room is ready, which on a fast machine is a frame or two: what it
  // showed is taken as it goes up, and looked at afterwards.
  await sam.context.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const cover = document.getElementById('room-snapshot');
      if (!cover) return;
      observer.disconnect();
      const seen = {
        text: cover.textContent ?? '',
        hidden: cover.getAttribute('aria-hidden'),
        live: cover.querySelectorAll('[contenteditable], [data-testid]').length,
      };
      Object.assign(window, { shownPicture: seen });
    }).observe(document, { childList: true, subtree: true });
  });
  const shown = () =>
    sam.page.evaluate(() => (window as unknown as { shownPicture?: { text: string; hidden: string | null; live: number } }).shownPicture ?? null);
  const cdp = await sam.context.newCDPSession(sam.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await sam.page.reload({ waitUntil: 'domcontentloaded' });
  const first = await shown();
  expect(first?.text).toContain(NOTE);
  expect(first?.text).toContain('Physics lesson 3');
  expect(first).toMatchObject({ hidden: 'true', live: 0 });
  await expect(picture(sam.page)).toHaveCount(0, { timeout: 30_000 });
  await expect(notes(sam.page)).toContainText(NOTE);
  await expect(sam.page.getByTestId('connection-state')).toHaveText(/Live/, { timeout: 30_000 });

  // Laid out for another width, the picture would not match the room: the reload starts without it.
  await sam.page.setViewportSize({ width: 375, height: 800 });
  await sam.page.reload({ waitUntil: 'domcontentloaded' });
  expect(await shown()).toBeNull();
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
