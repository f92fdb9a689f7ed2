import AxeBuilder from '@axe-core/playwright';
import { fakeMediaLaunch } from '../../scripts/browser-path';
import { signIn } from './demo';
import { ownLesson } from './own-lesson';
import { type Browser, expect, type Page, test } from './test';

const { room, id: lessonId } = ownLesson('Watch it again');
const SHOTS = '.tmp/screens/recording';

// Chromium's fake camera and microphone (scripts/browser-path.ts).
test.use({
  launchOptions: fakeMediaLaunch(),
});

async function personIn(browser: Browser, email: string, width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height }, permissions: ['microphone', 'camera'] });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(room());
  await expect(page.getByTestId('connection-state')).toHaveText(/Live/);
  return { context, page };
}

const board = (page: Page) => page.getByTestId('whiteboard');
const notes = (page: Page) => page.locator('.ProseMirror');
const banner = (page: Page) => page.getByTestId('recording-banner');

async function drawOn(page: Page, points: [number, number][]) {
  const box = (await board(page).boundingBox())!;
  await page.mouse.move(box.x + points[0]![0], box.y + points[0]![1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
  await page.mouse.up();
}

/** "1:05" → 65 */
const secondsOf = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test('after a recorded lesson the replay plays board, notes and audio together, page 1 shows its strokes, and a notes search jumps to its time', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const theo = await personIn(browser, 'tutor@studyhall.test');
  const sam = await personIn(browser, 'student@studyhall.test');

  // Theo asks; nothing is recorded until Sam agrees, and both rooms say who is still to agree.
  await theo.page.getByRole('button', { name: 'Record the lesson' }).click();
  await expect(banner(theo.page)).toContainText("You asked to record this lesson's audio. Recording starts when everyone here agrees: waiting for Sam");
  await expect(banner(sam.page)).toContainText("asked to record this lesson's audio. Recording starts when everyone here agrees: waiting for you.");
  await sam.page.getByRole('button', { name: 'I agree to be recorded' }).click();
  for (const { page } of [theo, sam]) {
    await expect(banner(page)).toContainText('Recording — everyone agreed.');
    await expect(banner(page)).toContainText('Your microphone is being recorded.');
  }
  await theo.page.screenshot({ path: `${SHOTS}/room-recording-1280.png` });
  await sam.page.setViewportSize({ width: 375, height: 812 });
  await expect(banner(sam.page)).toContainText('Recording — everyone agreed.');
  expect(await sam.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await sam.page.screenshot({ path: `${SHOTS}/room-recording-375.png` });
  await sam.page.setViewportSize({ width: 1280, height: 900 });
  const { violations } = await new AxeBuilder({ page: sam.page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('[data-testid=recording-banner]')
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Theo draws on page 1 and writes notes; Sam bookmarks the page; a few seconds pass between the two notes.
  await drawOn(theo.page, [
    [120, 160],
    [220, 120],
    [320, 200],
  ]);
  await expect(board(sam.page).locator('[data-element=pen]')).toHaveCount(1);
  await notes(theo.page).click();
  await theo.page.keyboard.type('Triangles first.');
  await sam.page.getByRole('button', { name: 'Bookmark page' }).click();
  await expect(sam.page.getByText('Page 1 bookmarked')).toBeVisible();
  await sam.page.getByRole('button', { name: /Bookmarks/ }).click();
  await expect(sam.page.getByRole('button', { name: /^Page 1 \d\d:\d\d$/ })).toBeVisible();
  await sam.page.keyboard.press('Escape');
  await theo.page.waitForTimeout(4000);
  await theo.page.keyboard.type(' The hypotenuse is the longest side.');
  await expect(notes(sam.page)).toContainText('hypotenuse');
  await theo.page.waitForTimeout(4000);

  // Theo ends the lesson, which ends the recording; everyone leaves, so the room archives its history.
  await theo.page.getByRole('button', { name: 'End lesson' }).click();
  await theo.page.getByRole('button', { name: 'End for everyone' }).click();
  for (const { page } of [theo, sam]) await expect(page.getByTestId('lesson-ended')).toBeVisible();
  await expect(banner(theo.page)).toHaveCount(0);
  // The recorders send their last chunk as they stop.
  await theo.page.waitForTimeout(1500);
  await theo.context.close();
  await sam.context.close();

  const later = await personIn(browser, 'tutor@studyhall.test');
  const { page } = later;
  await page.getByRole('button', { name: 'Replay' }).click();
  const replay = page.getByRole('region', { name: 'Lesson replay' });
  const slider = replay.getByRole('slider', { name: 'Time in the lesson' });
  await expect(replay.getByTestId('replay-audio')).toContainText('Audio recorded from');
  await expect(replay.getByTestId('replay-audio')).toContainText('with the agreement of');

  // Each tab sent its microphone in chunks of a few seconds, one track each, every chunk stored.
  const index = await page.evaluate(async (room) => {
    const res = await fetch(`/api/lesson-rooms/${room}/recordings`, { headers: { authorization: `Bearer ${localStorage.getItem('studyhall.token')}` } });
    return (await res.json()) as { tracks: { name: string; chunks: number; startedAt: number; endsAt: number }[] };
  }, lessonId());
  expect(index.tracks.map((t) => t.chunks >= 3)).toEqual([true, true]);

  // Page 1 shows its stroke at the end and at every second after it was drawn.
  await expect(replay.locator('[data-element=pen]')).toHaveCount(1);
  const length = Number(await slider.getAttribute('max'));
  expect(length).toBeGreaterThanOrEqual(10);
  for (const second of [Math.floor(length / 2), length - 1, length]) {
    await slider.fill(String(second));
    await expect(replay.getByRole('img', { name: /^Board page 1,/ })).toBeVisible();
    await expect(replay.locator('[data-element=pen]')).toHaveCount(1);
  }

  // The audio: two tracks (Theo's and Sam's), each with a duration, playing with the slider and pausing with it.
  const players = replay.locator('audio');
  await expect(players).toHaveCount(2);
  await expect.poll(() => players.first().evaluate((audio: HTMLAudioElement) => (Number.isFinite(audio.duration) ? audio.duration : 0))).toBeGreaterThan(2);
  await slider.fill('1');
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => slider.inputValue().then(Number)).toBeGreaterThanOrEqual(3);
  const playing = await players.evaluateAll((list: HTMLAudioElement[]) => list.map((audio) => ({ paused: audio.paused, at: audio.currentTime })));
  expect(playing.some((p) => !p.paused && p.at > 0.5)).toBe(true);
  await replay.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(() => players.evaluateAll((list: HTMLAudioElement[]) => list.every((audio) => audio.paused))).toBe(true);

  // A search in the notes jumps to when the word was written, and the notes show it as it was then.
  await replay.getByRole('tab', { name: 'Search the notes' }).click();
  await replay.getByRole('searchbox', { name: 'Search the notes' }).fill('hypotenuse');
  const result = replay.getByRole('list', { name: 'Where the notes say it' }).getByRole('button');
  await expect(result).toHaveCount(1);
  const writtenAt = (await result.textContent())!.match(/Written at (\d+:\d\d)/)![1]!;
  const written = secondsOf(writtenAt);
  expect(written).toBeLessThan(length);
  await result.click();
  await expect(replay.getByTestId('replay-elapsed')).toHaveText(new RegExp(`^${writtenAt} / `));
  expect(Math.abs(Number(await slider.inputValue()) - written)).toBeLessThanOrEqual(1);
  // The notes as they were when the word was finished: the rest of the sentence came a moment later.
  await expect(replay.getByTestId('replay-notes')).toContainText('Triangles first. The hypotenuse');
  await slider.fill(String(Math.max(0, written - 3)));
  await expect(replay.getByTestId('replay-notes')).not.toContainText('hypotenuse');

  // Sam's bookmark is a chapter: in the list and marked on the timeline.
  await replay.getByRole('tab', { name: 'Chapters (1)' }).click();
  await expect(replay.getByTestId('chapter-mark')).toHaveCount(1);
  const chapter = replay.getByRole('tabpanel').getByRole('button', { name: /^1\. Page 1/ });
  const chapterAt = (await chapter.textContent())!.match(/ (\d+:\d\d)$/)![1]!;
  await chapter.click();
  await expect(replay.getByTestId('replay-elapsed')).toHaveText(new RegExp(`^${chapterAt} / `));
  expect(Math.abs(Number(await slider.inputValue()) - secondsOf(chapterAt))).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/replay-1280.png` });
  const replayAxe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[aria-label="Lesson replay"]').analyze();
  expect(replayAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  await later.context.close();

  // The replay on a phone: nothing runs off the screen, the board keeps its height.
  const phone = await personIn(browser, 'student@studyhall.test', 375, 812);
  await phone.page.getByRole('button', { name: 'Replay' }).click();
  const small = phone.page.getByRole('region', { name: 'Lesson replay' });
  await expect(small.locator('[data-element=pen]')).toHaveCount(1);
  expect((await small.getByRole('img', { name: /^Board page 1,/ }).boundingBox())!.height).toBeGreaterThan(200);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.page.screenshot({ path: `${SHOTS}/replay-375.png`, fullPage: true });
  await phone.context.close();
});
