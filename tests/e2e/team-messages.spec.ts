import { signIn } from './demo';
import { type Browser, expect, test } from './test';

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('banner').getByRole('button', { name: /Messages/ })).toBeVisible();
  return page;
}

test('an admin writes to Sam in the admin chat; Sam reads it from the notifications panel and answers', async ({ browser }) => {
  const ada = await person(browser, 'admin@studyhall.test');
  const sam = await person(browser, 'student@studyhall.test');

  await ada.goto('/learning-portal/portal/admin/users/user_student');
  const adaChat = ada.getByRole('region', { name: 'Admin chat with Sam Student' });
  await expect(adaChat.getByTestId('chat-reconnecting')).toBeHidden();
  await adaChat.getByRole('button', { name: 'New conversation' }).click();
  await adaChat.getByRole('button', { name: 'Start conversation' }).click();
  await expect(adaChat.getByRole('heading', { name: 'Sam Student' })).toBeVisible();
  await adaChat.getByRole('textbox', { name: 'Message' }).fill('Hi Sam, your invoice for March is ready.');
  await adaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  // Sam is not in the room yet: the message is stored, and reaches him through his inbox.
  await expect(adaChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SAVED');

  const badge = sam.getByRole('banner').getByTestId('inbox-badge');
  await expect(badge).toHaveText('1');
  await expect(sam.getByText('New Message: Hi Sam, your invoice for March is ready.')).toBeVisible();
  await sam
    .getByRole('banner')
    .getByRole('button', { name: /Messages, 1 unseen/ })
    .click();
  const panel = sam.locator('#inbox-panel');
  // Local mode has no VAPID keys, and says so rather than offering a switch that cannot work.
  await expect(panel.getByText('Push is off on this site: it has no push keys set up yet, so notices come in the app and by e-mail.')).toBeVisible();
  await panel.getByRole('link', { name: /Hi Sam, your invoice for March is ready\./ }).click();

  await expect(sam).toHaveURL(/\/learning-portal\/portal\/messages\?conversation=/);
  await expect(sam.getByRole('heading', { name: 'Messages from the Studyhall team', level: 1 })).toBeVisible();
  const samChat = sam.getByRole('region', { name: 'Conversations' });
  await expect(samChat.getByRole('heading', { name: 'Ada Admin' })).toBeVisible();
  await expect(samChat.getByRole('log', { name: 'Messages' })).toContainText('Hi Sam, your invoice for March is ready.');
  await expect(badge).toBeHidden();
  await expect(adaChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SEEN');

  await samChat.getByRole('textbox', { name: 'Message' }).fill('Thanks, I will pay it this week.');
  await samChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(adaChat.getByRole('log', { name: 'Messages' })).toContainText('Thanks, I will pay it this week.');

  // The team messages are also one click from the panel, for a conversation with nothing unseen.
  await sam.goto('/learning-portal/portal/courses');
  await sam.getByRole('banner').getByRole('button', { name: 'Messages', exact: true }).click();
  await sam.locator('#inbox-panel').getByRole('link', { name: 'Messages from the Studyhall team' }).click();
  await expect(sam.getByRole('region', { name: 'Conversations' }).getByRole('button', { name: /^Ada Admin Thanks, I will pay it this week/ })).toBeVisible();
});
