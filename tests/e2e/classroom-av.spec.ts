import AxeBuilder from '@axe-core/playwright';
import { fakeMediaLaunch } from '../../scripts/browser-path';
import { signIn } from './demo';
import { personInLessonRoom } from './lesson-room-people';
import { ownLesson } from './own-lesson';
import { expect, type Page, test } from './test';

const { room } = ownLesson('Seeing and hearing');

// Chromium's fake camera and microphone (scripts/browser-path.ts).
test.use({
  launchOptions: fakeMediaLaunch(),
});

const remoteTile = (page: Page, name: RegExp) => page.getByTestId('remote-tile').filter({ has: page.locator('figcaption', { hasText: name }) });

/** Two grabs of the remote <video>, half a second apart, as data: URLs; they differ while frames arrive. */
function twoGrabs(page: Page) {
  return page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-tile] video[data-remote]')!;
    const grab = () => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d')!.drawImage(video, 0, 0);
      return canvas.toDataURL('image/png');
    };
    const first = grab();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { first, second: grab(), width: video.videoWidth };
  });
}

/** The loudest RMS of the remote stream's audio over a second, through an AnalyserNode. */
function remoteAudioEnergy(page: Page) {
  return page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-tile] video[data-remote]')!;
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(video.srcObject as MediaStream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let loudest = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      loudest = Math.max(loudest, Math.sqrt(sum / samples.length));
    }
    await context.close();
    return loudest;
  });
}

async function turnOn(page: Page) {
  await page.getByRole('button', { name: 'Turn on microphone' }).click();
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await expect(page.getByTestId('self-tile')).toHaveAttribute('data-camera', 'on');
}

test('Sam and Theo see each other’s video frames change and hear each other; muting stops it on the other side', async ({ browser }) => {
  test.setTimeout(90_000);
  const theo = await personInLessonRoom(browser, 'tutor@studyhall.test', room());
  const sam = await personInLessonRoom(browser, 'student@studyhall.test', room());
  for (const person of [theo, sam]) await expect(person.page.getByTestId('media-mode')).toHaveText('Direct connection (up to 4 people)');
  await turnOn(theo.page);
  await turnOn(sam.page);

  // Each sees the other's tile with live video whose frames change, and hears a beep.
  for (const [page, other] of [
    [sam.page, /Theo/],
    [theo.page, /Sam/],
  ] as const) {
    await expect(remoteTile(page, other)).toHaveAttribute('data-camera', 'on');
    await expect.poll(async () => (await twoGrabs(page)).width, { timeout: 20_000 }).toBeGreaterThan(0);
    const grabs = await twoGrabs(page);
    expect(grabs.first).not.toEqual(grabs.second);
    await expect.poll(() => remoteAudioEnergy(page), { timeout: 15_000 }).toBeGreaterThan(0.01);
  }

  // Theo mutes: Sam's side says so, and Theo's sound is gone there.
  await theo.page.getByRole('button', { name: 'Mute' }).click();
  await expect(remoteTile(sam.page, /Theo/)).toHaveAttribute('data-mic', 'off');
  await expect(remoteTile(sam.page, /Theo/).getByTestId('muted-icon')).toBeVisible();
  await expect.poll(() => remoteAudioEnergy(sam.page), { timeout: 15_000 }).toBeLessThan(0.001);

  // Theo's camera off: Sam sees his initials and the camera-off mark instead of a picture.
  await theo.page.getByRole('button', { name: 'Turn off camera' }).click();
  await expect(remoteTile(sam.page, /Theo/)).toHaveAttribute('data-camera', 'off');
  await expect(remoteTile(sam.page, /Theo/).getByLabel('Camera off')).toBeVisible();

  const axe = async (page: Page) => {
    const { violations } = await new AxeBuilder({ page }).include('[data-testid=media-panel]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`);
  };
  expect(await axe(sam.page)).toEqual([]);
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-av-1280.png' });
  await sam.page.setViewportSize({ width: 375, height: 812 });
  await expect(sam.page.getByTestId('media-panel')).toBeVisible();
  expect(await axe(sam.page)).toEqual([]);
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-av-375.png' });
  // On a phone the strip folds away, leaving the board all the room.
  await sam.page.getByRole('button', { name: 'Hide video' }).click();
  await expect(sam.page.getByTestId('remote-tile')).toBeHidden();
  await sam.page.screenshot({ path: '.tmp/e2e-results/classroom-av-375-folded.png' });
});

test('the admin reads each person’s camera and microphone time on the lesson’s record', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'admin@studyhall.test');
  await page.goto('/learning-portal/portal/admin/lesson-history');
  const maths = page.locator('[data-testid="history-row"][data-section-id="section_maths_lesson_1"]');
  await maths.getByRole('button', { name: 'IGCSE Mathematics with Theo' }).click();
  const attendance = page.getByRole('dialog', { name: 'IGCSE Mathematics with Theo' }).getByTestId('attendance');
  await expect(attendance.getByRole('row').filter({ hasText: 'Theo Tutor (tutor)' })).toContainText('Camera on 46 min · Microphone on 51 min');
  await expect(attendance.getByRole('row').filter({ hasText: 'Sam Student (student)' })).toContainText('Camera on 51 min · Microphone on 57 min');
  await page.screenshot({ path: '.tmp/e2e-results/classroom-av-engagement-375.png', fullPage: true });
});
