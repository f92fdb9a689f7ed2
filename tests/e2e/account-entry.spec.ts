import { DEMO_PASSWORD, STUDENT, storedUser, submitLogin } from './demo';
import { expect, test } from './test';

const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

test('a new student signs up, is asked what they study once, and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('nora');
  await page.goto('/learning-portal/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();

  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newton');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();

  await page.getByLabel('Password').fill('nora-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nora' })).toBeVisible();
  await page.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await page.getByLabel('Grade').selectOption('Grade 10');
  await page.getByLabel('Mathematics', { exact: true }).check();
  await page.getByLabel('Physics').check();
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Nora' })).toBeVisible();
  expect((await storedUser(page))?.email).toBe(email);
  await page.goto('/learning-portal/onboarding');
  await expect(page).toHaveURL(/\/learning-portal\/dashboard$/);
});

test('a wrong password shows the error and keeps the person on the login page', async ({ page }) => {
  await page.goto('/learning-portal/login');
  await submitLogin(page, STUDENT.email, `${DEMO_PASSWORD}-nope`);
  await expect(page.getByTestId('login-error')).toHaveText('Incorrect email or password');
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  await expect(page).toHaveURL(/\/learning-portal\/login$/);
});

test('forgot password: the link arrives in the dev mailbox, resets the password, and the new one signs in', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const created = await request.post('/api/sign-up', {
    data: { firstname: 'Reese', lastname: 'Setter', email, password: 'old-password-1', role: 'STUDENT', timezone: 'Asia/Singapore' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/learning-portal/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/learning-portal\/reset-password\?email=/);
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();

  await page.goto('/learning-portal/dev/mailbox');
  await expect(page.getByText('Development mailbox — these e-mails were not sent.')).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: email });
  await expect(mail.getByRole('heading', { name: 'Reset your Studyhall password' })).toBeVisible();
  await mail.getByRole('link', { name: /\/learning-portal\/reset-password\?/ }).click();

  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel(/^New password/).fill('new-password-2');
  await page.getByLabel('Repeat new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/login\?resetSuccess=1$/);
  await expect(page.getByText('Your password was reset. Sign in with your new password.')).toBeVisible();
  await submitLogin(page, email, 'old-password-1');
  await expect(page.getByTestId('login-error')).toHaveText('Incorrect email or password');
  await submitLogin(page, email, 'new-password-2');
  // Reese signed up through the API and never said what they study, so the first stop is onboarding.
  await expect(page.getByRole('heading', { name: 'Welcome, Reese' })).toBeVisible();
});
