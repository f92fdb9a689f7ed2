import { DEMO_PASSWORD, STUDENT, signIn } from './demo';
import { expect, type Page, test } from './test';

const MATHS = '/learning-portal/portal/courses/course_igcse_maths_theo';
// One unbroken word as long as a title may be: it must wrap, never widen the page.
const LONG_TITLE = 'Supercalifragilisticexpialidocious'.repeat(4).slice(0, 120);

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the support chat sits in the menu instead of floating over badges, messages and Join', async ({ page }) => {
    await signIn(page, STUDENT.email);
    await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
    for (const path of ['/learning-portal/portal', MATHS, '/learning-portal/portal/messages']) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toBeEmpty();
      await expect(page.getByTestId('support-button')).toBeHidden();
      expect(await sidewaysScroll(page)).toBe(0);
    }
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Message support on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
  });

  test('a course whose title is one 120-letter word wraps it, and a longer title is refused in a sentence', async ({ page, request }) => {
    const token = await request.post('/api/oauth/token', {
      form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:admin@studyhall.test', password: DEMO_PASSWORD },
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    const fields = { kind: 'Group', paymentType: 'ONETIME', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
    const refused = await request.post('/api/admin/courses', { headers, data: { ...fields, title: `${LONG_TITLE}s` } });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Title can be at most 120 characters.');
    const created = await request.post('/api/admin/courses', { headers, data: { ...fields, title: LONG_TITLE } });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: string };

    await signIn(page, 'admin@studyhall.test');
    await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
    await page.goto(`/learning-portal/portal/courses/${_id}`);
    await expect(page.getByRole('heading', { name: LONG_TITLE, level: 1 })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.goto('/learning-portal/portal/courses');
    await page.getByLabel('Search').fill('Supercalifragilistic');
    await expect(page.getByRole('link', { name: LONG_TITLE })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

test('from a tablet up the support bubble floats in the corner', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STUDENT.email);
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal');
  await expect(page.getByTestId('support-button')).toBeVisible();
});
