import { DEMO_PASSWORD, expectSignedOut, STUDENT, signIn, storedUser, submitLogin, TOKEN_KEY } from './demo';
import { expect, test } from './test';

test('a demo student signs in through the form, lands on Home and signs out to the portal root', async ({ page }) => {
  await signIn(page, STUDENT.email);
  await expect(page.getByRole('heading', { name: `Welcome back, ${STUDENT.firstname}` })).toBeVisible();
  await expect(page).toHaveURL(/\/learning-portal\/portal$/);

  await page.getByRole('button', { name: /^Account menu for Sam/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/learning-portal\/?$/);
  await expectSignedOut(page);
});

test('a wrong password shows an error toast and stays on the login page', async ({ page }) => {
  await page.goto('/learning-portal/login');
  await submitLogin(page, STUDENT.email, `${DEMO_PASSWORD}-wrong`);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/learning-portal\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  expect((await storedUser(page))?.email).not.toBe(STUDENT.email);
});

test('a 401 clears the session and lands on the portal root', async ({ page }) => {
  await signIn(page, STUDENT.email);
  await expect(page.getByRole('heading', { name: `Welcome back, ${STUDENT.firstname}` })).toBeVisible();

  // The token goes bad as the next page loads, not while this one runs: the home page's own polling would meet it
  // first, end the session there, and the dashboard would then open for a guest (the login page, rightly).
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('token-spoiled')) return;
    sessionStorage.setItem('token-spoiled', 'yes');
    localStorage.setItem(key, 'not-a-real-token');
  }, TOKEN_KEY);
  const refused = page.waitForResponse((res) => res.url().includes('/api/') && res.status() === 401);
  await page.goto('/learning-portal/dashboard');
  await refused;

  await expect(page).toHaveURL(/\/learning-portal\/?$/);
  await expectSignedOut(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).not.toBe('not-a-real-token');
});
