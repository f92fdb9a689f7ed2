import { DEMO_PASSWORD, signIn } from './demo';
import { expect, type Page, test } from './test';

/** Seeded lessons of last week that no other journey uses: Theo's one-to-one with Sam and his Physics group. */
const LESSONS = ['section_maths_lesson_1', 'section_physics_lesson_1'];

async function endAsTheo(page: Page) {
  const token = await page.request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:tutor@studyhall.test', password: DEMO_PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  for (const lesson of LESSONS) {
    const ended = await page.request.post(`/api/lesson-rooms/${lesson}/end`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(ended.ok()).toBe(true);
  }
}

async function showsPay(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, 'admin@studyhall.test');
  await expect(page).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await page.goto('/learning-portal/portal/admin/meetings');
  await page.getByLabel('Student').selectOption({ label: 'Sam Student' });
  const maths = page.getByTestId('meeting-row').filter({ hasText: 'Mathematics lesson 1' });
  const pay = maths.getByTestId('lesson-pay');
  await expect(pay).toContainText('Theo Tutor’s pay: SGD 40.00');
  await pay.getByText('Theo Tutor’s pay').click();
  await expect(pay).toContainText(
    'one-to-one rate v2 (student assigned ≥ 2025-01-01), student Sam Student, tutor Theo Tutor: 40.00 SGD/h × 60 min = 40.00 SGD',
  );
  const physics = page.getByTestId('meeting-row').filter({ hasText: 'Physics lesson 1' });
  await expect(physics.getByTestId('lesson-pay')).toContainText('Theo Tutor’s pay: SGD 18.00');
  await expect(page.getByTestId('meeting-row').filter({ hasText: 'Mathematics lesson 3' }).getByTestId('lesson-pay')).toHaveCount(0);
  await maths.screenshot({ path: `.tmp/screens/lesson-pay-row-${width}.png` });
  await page.screenshot({ path: `.tmp/screens/lesson-pay-${width}.png`, fullPage: true });
}

test('an ended lesson shows the tutor’s recorded pay and how it was priced in Admin → Meetings', async ({ page }) => {
  await endAsTheo(page);
  await showsPay(page, 1280);
});

test('the recorded pay fits the meetings table on a phone', async ({ page }) => {
  await showsPay(page, 375);
});
