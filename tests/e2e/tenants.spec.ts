import { DEMO_PASSWORD, PARTNER_LEARNER, STUDENT, submitLogin } from './demo';
import { expect, test } from './test';

test('the partner tenant refuses a Studyhall account and accepts its own learner', async ({ page, baseURL }) => {
  // Chromium resolves every *.localhost name to loopback, so the partner tenant needs no hosts-file entry.
  const origin = `http://partner.localhost:${new URL(baseURL!).port}`;

  await page.goto(`${origin}/learning-portal/login`);
  await submitLogin(page, STUDENT.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/learning-portal/login`);

  await submitLogin(page, PARTNER_LEARNER.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: `Welcome back, ${PARTNER_LEARNER.firstname}` })).toBeVisible();
});
