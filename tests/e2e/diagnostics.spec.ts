import { signIn } from './demo';
import { expect, test } from './test';

/**
 * Issue 33: a visitor takes the maths diagnostic, leaves their details and sends the result to a parent; the parent,
 * in another browser with no account, opens the e-mail from the dev mailbox and asks for a call, which the team sees.
 */
test('a visitor takes a diagnostic, shares it, and the parent asks for a callback from the e-mail', async ({ page, browser }) => {
  const parentAddress = `mum.${Date.now()}@example.com`;
  await page.goto('/learning-portal/');
  await page.getByRole('link', { name: 'Take a free diagnostic' }).click();
  await page.getByRole('link', { name: 'Start the test' }).click();
  await expect(page.getByText('Question 1 of 8')).toBeVisible();
  for (let n = 1; n <= 8; n++) {
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByLabel('Your name').fill('Nora Newton');
  await page.getByLabel('E-mail address').fill('nora@example.com');
  await page.getByRole('button', { name: 'See my result' }).click();

  // The spec's lead flow: the visitor's id goes into a cookie and the page reloads onto the result.
  await expect(page.getByRole('heading', { name: 'Your diagnostic result' })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'studyhall_lead')).toBe(true);
  await expect(page.getByTestId('recommendation')).toContainText('Why');
  await expect(page.getByText('Offline helper')).toBeVisible();

  await page.getByRole('button', { name: 'Share with a parent' }).click();
  await page.getByLabel('Parent’s e-mail address').fill(parentAddress);
  await page.getByLabel('Parent’s name (optional)').fill('Mrs Newton');
  await page.getByRole('button', { name: 'Send the result' }).click();
  await expect(page.getByText('The result is on its way to your parent by e-mail.')).toBeVisible();

  const parent = await (await browser.newContext()).newPage();
  await parent.goto('/learning-portal/dev/mailbox');
  const mail = parent.getByRole('article', { name: 'Nora’s Mathematics diagnostic result' }).filter({ hasText: parentAddress });
  await expect(mail).toContainText('Hi Mrs Newton,');
  await mail.getByRole('link', { name: /\/learning-portal\/diagnostics\// }).click();
  await expect(parent.getByRole('heading', { name: 'Nora’s diagnostic result' })).toBeVisible();
  await expect(parent.getByRole('button', { name: 'Share with a parent' })).toHaveCount(0);
  await parent.getByRole('button', { name: 'Request a callback' }).click();
  await expect(parent.getByText('Thank you for requesting callback. Our team will reach out to you shortly.').first()).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@studyhall.test');
  await admin.goto('/learning-portal/portal/admin/callback-requests');
  const request = admin.getByRole('listitem').filter({ hasText: parentAddress });
  await expect(request).toContainText('Mrs Newton (a parent)');
  await expect(request).toContainText('Open, not assigned yet');
  await request.getByRole('button', { name: 'Mark the call to Mrs Newton as done' }).click();
  await admin
    .getByRole('dialog')
    .getByLabel(/How did the call go/)
    .fill('Booked a trial lesson for Monday.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark as done' }).click();
  await expect(request).toContainText(/Done, closed by Ada/);
  await expect(request).toContainText('Note: Booked a trial lesson for Monday.');
});
