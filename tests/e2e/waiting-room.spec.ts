import { fakeMediaLaunch } from '../../scripts/browser-path';
import { DEMO_PASSWORD, STUDENT, signIn } from './demo';
import { type Browser, expect, type Page, test } from './test';

/**
 * Theo's one-to-one maths lesson with Sam that the seed puts a week after the seed day. Not lesson 2: the lesson-room
 * journey ends that one for everyone, and an ended lesson is closed into history and cannot be moved.
 */
const LESSON = 'section_maths_lesson_3';
const WAITING_ROOM = `/learning-portal/waiting-room/${LESSON}`;
const LESSON_ROOM = `/learning-portal/lesson-room/${LESSON}`;

// Chromium's fake camera and microphone (scripts/browser-path.ts).
test.use({
  launchOptions: fakeMediaLaunch(),
});

// A lesson can be started only from 15 minutes before it begins (docs/decisions/lessons.md), so the admin first moves
// the seeded lesson to ten minutes from now. This file runs last, so no other spec reads the moved lesson.
test.beforeAll(async ({ request }) => {
  const token = await request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:admin@studyhall.test', password: DEMO_PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const moved = await request.put(`/api/zoom-meetings/reschedule/${LESSON}`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { start: new Date(Date.now() + 10 * 60_000).toISOString() },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
});

async function personIn(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC', permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(WAITING_ROOM);
  await expect(page.getByRole('heading', { name: 'Mathematics lesson 3' })).toBeVisible();
  return page;
}

const person = (page: Page, name: string) => page.getByTestId('person').filter({ hasText: name });

test('tutor and student see each other waiting, and the tutor starts the lesson for both', async ({ browser }) => {
  const tutor = await personIn(browser, 'tutor@studyhall.test');
  const student = await personIn(browser, STUDENT.email);

  for (const page of [tutor, student]) {
    await expect(page.getByTestId('connection')).toHaveText('Connected');
    await expect(person(page, 'Theo Tutor')).toHaveAttribute('data-here', 'true');
    await expect(person(page, 'Sam Student')).toHaveAttribute('data-here', 'true');
  }
  await expect(student.getByRole('button', { name: 'Start lesson' })).toHaveCount(0);

  await student.getByRole('button', { name: 'Check camera and microphone' }).click();
  await expect(student.getByTestId('camera-preview')).toBeVisible();
  await expect(student.getByText('Camera and microphone work.')).toBeVisible();

  const chosen = await student.evaluate(() => JSON.parse(localStorage.getItem('studyhall.media-devices') ?? '{}') as { videoInput?: string });
  expect(chosen.videoInput).toBeTruthy();

  await tutor.getByRole('button', { name: 'Start lesson' }).click();
  await expect(tutor).toHaveURL(LESSON_ROOM);
  await expect(student).toHaveURL(LESSON_ROOM);

  // The lesson room opens the camera the check used.
  await student.getByRole('button', { name: 'Turn on camera' }).click();
  const cameraInUse = () =>
    student.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid=self-tile] video');
      return (video?.srcObject as MediaStream | null)?.getVideoTracks()[0]?.getSettings().deviceId;
    });
  await expect.poll(cameraInUse).toBe(chosen.videoInput);
});

test("someone who is not in the lesson sees why, with the server's message", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, 'student2@studyhall.test');
  await page.goto(WAITING_ROOM);
  await expect(page.getByRole('heading', { name: 'The waiting room could not open' })).toBeVisible();
  await expect(page.getByText('Lesson not found')).toBeVisible();
});
