import { signIn } from './demo';
import { type Browser, expect, test } from './test';

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('banner').getByRole('button', { name: /Messages/ })).toBeVisible();
  return page;
}

test('Sam messages the team; the admin sees it waiting on the badge and in the team inbox, answers, and Sam reads the answer', async ({ browser }) => {
  const ada = await person(browser, 'admin@studyhall.test');
  const sam = await person(browser, 'student@studyhall.test');

  await sam
    .getByRole('banner')
    .getByRole('button', { name: /Messages/ })
    .click();
  await sam.getByRole('region', { name: 'Messages' }).getByRole('link', { name: 'Message the team' }).click();
  const samChat = sam.getByRole('region', { name: 'Conversations' });
  await samChat.getByRole('textbox', { name: 'Message' }).fill('Can I have an extra lesson before my exam?');
  await samChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(samChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SAVED');

  // The admin was on another page all along: the badge counts Sam's question, and the panel leads to the team inbox.
  const badge = ada.getByRole('banner').getByTestId('inbox-badge');
  await expect(badge).toHaveText('1');
  await ada
    .getByRole('banner')
    .getByRole('button', { name: /Messages, 1 unseen/ })
    .click();
  await expect(ada.getByTestId('team-inbox-link')).toContainText('1 waiting');
  await ada.getByTestId('team-inbox-link').click();
  await expect(ada.getByRole('heading', { name: 'Team inbox', level: 1 })).toBeVisible();
  const thread = ada.getByTestId('team-thread').filter({ hasText: 'Sam Student' });
  await expect(thread).toContainText('Can I have an extra lesson before my exam?');
  await expect(thread.getByTestId('thread-waiting')).toHaveText('1 waiting');
  await thread.getByLabel('Looked after by').selectOption({ label: 'Ada Admin' });

  await thread.getByRole('link', { name: 'Sam Student' }).click();
  const adaChat = ada.getByRole('region', { name: /^Admin chat with Sam Student/ });
  await expect(adaChat.getByRole('log', { name: 'Messages' })).toContainText('Can I have an extra lesson before my exam?');
  await adaChat.getByRole('textbox', { name: 'Message' }).fill('Yes: Thursday at 17:00 is free.');
  await adaChat.getByRole('textbox', { name: 'Message' }).press('Enter');

  await expect(samChat.getByRole('log', { name: 'Messages' })).toContainText('Yes: Thursday at 17:00 is free.');
  // Answered, nothing waits, and the admin's own reply is not unread to them.
  await expect(badge).toBeHidden();
  await ada.goto('/learning-portal/portal/admin/inbox');
  await expect(ada.getByTestId('team-thread').filter({ hasText: 'Sam Student' })).not.toContainText('waiting');
});
