import { readFile } from 'node:fs/promises';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { DEMO_PASSWORD, STUDENT, signIn } from './demo';
import { type APIRequestContext, expect, type Locator, type Page, test } from './test';

/** Sam's stored zone for this journey: far from the admin's (Singapore) and from the browser's own (UTC). */
const SAM_ZONE = 'America/Los_Angeles';
const SEEDED_ZONE = 'Asia/Singapore';
const COURSE = 'Algebra journey with Theo';
const LESSON = 'Algebra: linear equations';
const RESOURCE = 'Equations worksheet';
const FILE = { name: 'equations-worksheet.txt', mimeType: 'text/plain', buffer: Buffer.from('Solve 3x + 4 = 19.\n') };

// Tall enough that the whole tree fits, so a drag never nears the edge where dnd-kit scrolls the page.
test.use({ locale: 'en-GB', timezoneId: 'UTC', viewport: { width: 1280, height: 1100 } });

async function setTimeZone(request: APIRequestContext, email: string, timezone: string) {
  const token = await request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: `login:${email}`, password: DEMO_PASSWORD },
  });
  expect(token.ok()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const saved = await request.put('/api/user', { headers: { authorization: `Bearer ${access_token}` }, data: { timezone } });
  expect(saved.ok()).toBe(true);
}

/** Top-level and nested rows of the course tree, in the order a person reads them. */
const rows = (page: Page) => page.getByRole('region', { name: 'Course content' }).getByRole('listitem');
const handle = (page: Page, title: string) => page.getByRole('button', { name: `Move ${title}`, exact: true });

async function center(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags with the mouse in small steps so dnd-kit's pointer sensor passes its 5 px start distance. Hovering first
 * waits until the handle really receives the pointer (a closing dialog's overlay lingers for its fade-out).
 */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  await from.hover();
  const start = await center(from);
  const end = await center(to);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y - 8, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 15 });
  await page.mouse.up();
}

test.afterAll(async ({ request }) => {
  await setTimeZone(request, STUDENT.email, SEEDED_ZONE);
});

test('an admin builds a course from the template, and the student sees the lesson in his zone and downloads the resource', async ({
  browser,
  page,
  request,
}) => {
  // One long journey through two browsers: well past the default budget for a single page check.
  test.setTimeout(60_000);
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/courses');
  await page.getByRole('button', { name: 'From template' }).click();
  const fromTemplate = page.getByRole('dialog', { name: 'New course from a template' });
  await fromTemplate.getByLabel('Template').selectOption({ label: 'IGCSE Maths starter · Mathematics, Grade 10' });
  await fromTemplate.getByLabel('Course title (optional)').fill(COURSE);
  await fromTemplate.getByLabel('Payment type').selectOption('CREDIT');
  await fromTemplate.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  const courseUrl = page.url();

  // The template's tree came along.
  await expect(rows(page)).toHaveText([/^Week 1: Number/, /^Syllabus overview/, /^Number practice/, /^First lesson/]);

  // People: Sam as a student and Theo as his tutor.
  await page.getByRole('tab', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Add student' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a student' });
  await dialog.getByLabel('Student', { exact: true }).selectOption({ label: await optionLabel(dialog, STUDENT.email) });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Student added!')).toBeVisible();
  await expect(page.getByRole('region', { name: /Students/ }).getByText(/^Sam /)).toBeVisible();

  await page.getByRole('button', { name: 'Add tutor' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a tutor' });
  await dialog.getByLabel('Tutor', { exact: true }).selectOption({ label: await optionLabel(dialog, 'tutor@studyhall.test') });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Tutor added!')).toBeVisible();
  await expect(page.getByRole('region', { name: /Tutors/ }).getByText(/^Theo /)).toBeVisible();

  // A lesson five days ahead at 10:00 in the admin's own zone, which the form names.
  await page.getByRole('tab', { name: 'Lessons & materials' }).click();
  await page.getByRole('button', { name: 'Add lesson' }).click();
  dialog = page.getByRole('dialog', { name: 'Add lesson' });
  const startLabel = (await dialog.locator('label[for="section-start"]').textContent())!;
  const adminZone = /Start \((.+)\)/.exec(startLabel)![1]!;
  expect(adminZone).toBe(SEEDED_ZONE);
  const day = addDays(new TZDate(Date.now(), adminZone), 5);
  const startLocal = `${format(day, 'yyyy-MM-dd')}T10:00`;
  const start = TZDate.tz(adminZone, day.getFullYear(), day.getMonth(), day.getDate(), 10, 0);
  await dialog.getByLabel('Title').fill(LESSON);
  await dialog.getByLabel(/^Start/).fill(startLocal);
  await dialog.getByLabel('Duration').selectOption({ label: '1 h' });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(page.getByText('Lesson created!')).toBeVisible();

  // A resource with an uploaded file.
  await page.getByRole('button', { name: 'Add resource' }).click();
  dialog = page.getByRole('dialog', { name: 'Add resource' });
  await dialog.getByLabel('Title').fill(RESOURCE);
  await dialog.getByLabel('File (optional, up to 20 MB)').setInputFiles(FILE);
  await dialog.getByRole('button', { name: 'Add resource' }).click();
  await expect(page.getByText('Resource added!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveText([
    /^Week 1: Number/,
    /^Syllabus overview/,
    /^Number practice/,
    /^First lesson/,
    new RegExp(`^${LESSON}`),
    new RegExp(`^${RESOURCE}`),
  ]);

  // Mouse: the new lesson goes to the top of the course.
  const saved = () => page.waitForResponse((res) => res.url().includes('/update-sorting-keys') && res.request().method() === 'PUT');
  let put = saved();
  await dragOnto(page, handle(page, LESSON), handle(page, 'Week 1: Number'));
  expect((await put).ok()).toBe(true);
  await expect(rows(page)).toHaveText([
    new RegExp(`^${LESSON}`),
    /^Week 1: Number/,
    /^Syllabus overview/,
    /^Number practice/,
    /^First lesson/,
    new RegExp(`^${RESOURCE}`),
  ]);

  // Keyboard: the template's Zoom lesson moves one place down, below the worksheet.
  put = saved();
  await handle(page, 'First lesson').focus();
  await page.keyboard.press('Space');
  await expect(handle(page, 'First lesson')).toHaveAttribute('aria-pressed', 'true');
  // The sensor listens for arrows a tick after the pick-up; the worksheet is the last row, so a repeated
  // ArrowDown cannot carry the lesson further. It is seen to pass below the worksheet before it is dropped.
  const top = async (title: string) => (await rows(page).filter({ hasText: title }).boundingBox())!.y;
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    expect(await top('First lesson')).toBeGreaterThan(await top(RESOURCE));
  }).toPass();
  await page.keyboard.press('Space');
  expect((await put).ok()).toBe(true);
  const reordered = [new RegExp(`^${LESSON}`), /^Week 1: Number/, /^Syllabus overview/, /^Number practice/, new RegExp(`^${RESOURCE}`), /^First lesson/];
  await expect(rows(page)).toHaveText(reordered);

  await page.reload();
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveText(reordered);

  // A course built from a template starts as a draft, which students do not see: publish it.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Edit course' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByText('Course updated!')).toBeVisible();
  const courseHeader = page.locator('header').filter({ has: page.getByRole('heading', { name: COURSE, level: 1 }) });
  await expect(courseHeader.getByText('Active', { exact: true })).toBeVisible();

  // Sam, in a browser of his own, with his stored zone set far from both the admin's and the browser's.
  await setTimeZone(request, STUDENT.email, SAM_ZONE);
  const samContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const sam = await samContext.newPage();
  await signIn(sam, STUDENT.email);
  await expect(sam).toHaveURL(/\/learning-portal\/portal$/);
  await sam.getByRole('banner').getByRole('link', { name: 'Courses' }).first().click();
  await expect(sam.getByRole('heading', { name: 'My courses', level: 1 })).toBeVisible();
  await expect(sam.getByText(`Times are shown in ${SAM_ZONE.replaceAll('_', ' ')}.`)).toBeVisible();
  const card = sam.getByRole('listitem').filter({ hasText: COURSE });
  await card.getByRole('link').click();
  await expect(sam).toHaveURL(courseUrl);
  await expect(sam.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();

  const samTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: SAM_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);
  // 10:00 in Singapore is 18:00 the day before in Los Angeles: the zones really differ.
  expect(samTime).toContain('18:00');
  await expect(sam.getByTestId('course-next-lesson')).toHaveText(`Next lesson: ${samTime}`);
  const lessonRow = rows(sam).filter({ hasText: LESSON });
  await expect(lessonRow.locator('time')).toHaveText(samTime);
  await expect(lessonRow).toContainText('1 h');
  await expect(sam.getByRole('button', { name: /^Move / })).toHaveCount(0);

  const resourceRow = rows(sam).filter({ hasText: RESOURCE });
  const download = sam.waitForEvent('download');
  await resourceRow.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  // The spec cleans uploaded names and appends a timestamp.
  expect(file.suggestedFilename()).toMatch(/^equations-worksheet-\d+\.txt$/);
  expect(await readFile((await file.path())!, 'utf8')).toBe(FILE.buffer.toString('utf8'));
  await samContext.close();
});

/** The dropdown offers people as "name (email)"; pick by the email a person would look for. */
async function optionLabel(dialog: Locator, email: string) {
  return (await dialog.locator('option', { hasText: email }).textContent())!.trim();
}
