import { signIn } from './demo';
import { type Browser, expect, test } from './test';

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('banner').getByRole('button', { name: /Messages/ })).toBeVisible();
  return page;
}

test('a parent starts a conversation with the team from the Messages panel, and an admin reads and answers it', async ({ browser }) => {
  const pat = await person(browser, 'parent@studyhall.test');
  await pat
    .getByRole('banner')
    .getByRole('button', { name: /Messages/ })
    .click();
  const panel = pat.getByRole('region', { name: 'Messages' });
  await panel.getByRole('link', { name: 'Message the team' }).click();

  const patChat = pat.getByRole('region', { name: 'Conversations' });
  await expect(patChat.getByRole('heading', { name: 'The team' })).toBeVisible();
  await patChat.getByRole('textbox', { name: 'Message' }).fill('Can Sam move Friday’s lesson to Monday?');
  await patChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(patChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SAVED');

  const ada = await person(browser, 'admin@studyhall.test');
  await ada.goto('/learning-portal/portal/admin/users/user_parent');
  const adaChat = ada.getByRole('region', { name: /^Admin chat with Pat Parent/ });
  await adaChat.getByRole('button', { name: /Can Sam move Friday’s lesson to Monday\?/ }).click();
  await expect(adaChat.getByRole('log', { name: 'Messages' })).toContainText('Can Sam move Friday’s lesson to Monday?');
  await adaChat.getByRole('textbox', { name: 'Message' }).fill('Yes, Monday at 16:00 works.');
  await adaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(patChat.getByRole('log', { name: 'Messages' })).toContainText('Yes, Monday at 16:00 works.');
});
