import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The seeded demo accounts (schema/seed.ts); every one shares this password. */
export const DEMO_PASSWORD = 'studyhall-demo';
export const STUDENT = { email: 'student@studyhall.test', firstname: 'Sam' };
export const PARTNER_LEARNER = { email: 'learner@partner.test', firstname: 'Lee' };
/** Where web/lib/session-storage.ts keeps the access token and the signed-in user. */
export const TOKEN_KEY = 'studyhall.token';
export const USER_KEY = 'studyhall.user';

/** Fills the login form as a person would; the page must already show it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The user the browser has stored: after sign-out or a 401 the app stores a fresh guest session, or nobody. */
export async function storedUser(page: Page) {
  const raw = await page.evaluate((key) => localStorage.getItem(key), USER_KEY);
  return raw ? (JSON.parse(raw) as { email: string | null; role: { name: string } }) : null;
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await storedUser(page))?.role.name ?? 'GUEST').toBe('GUEST');
}

/** Signs in and waits until the app has left the login page, so the caller's next navigation cannot abort the sign-in. */
export async function signIn(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/learning-portal/login`);
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
}

/** The admin's bearer header, for a spec that places or removes its own records through the API. */
export async function adminHeaders(request: APIRequestContext) {
  const token = await request.post('/api/oauth/token', {
    form: { client_id: 'studyhall-web', grant_type: 'password', username: 'login:admin@studyhall.test', password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
}
