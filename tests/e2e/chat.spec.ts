import { signIn } from './demo';
import { type Browser, expect, type Page, test } from './test';

const MATHS = '/learning-portal/portal/courses/course_igcse_maths_theo';

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('banner').getByRole('button', { name: /Messages/ })).toBeVisible();
  return page;
}

async function openChat(page: Page) {
  await page.goto(MATHS);
  await page.getByRole('tab', { name: 'Chat' }).click();
  const panel = page.getByRole('region', { name: 'Course chat' });
  await expect(panel.getByTestId('chat-reconnecting')).toBeHidden();
  return panel;
}

test('a tutor and a student chat: typing, delivered and seen ticks, and the unseen badge clears on reading', async ({ browser }) => {
  const sam = await person(browser, 'student@studyhall.test');
  const theo = await person(browser, 'tutor@studyhall.test');
  const samChat = await openChat(sam);
  const theoChat = await openChat(theo);

  await samChat.getByRole('button', { name: 'New conversation' }).click();
  await samChat.getByRole('checkbox', { name: /Theo/ }).check();
  await samChat.getByRole('button', { name: 'Start conversation' }).click();
  await expect(samChat.getByRole('heading', { name: /Theo/ })).toBeVisible();

  await theoChat.getByRole('button', { name: /Sam/ }).click();
  await expect(theoChat.getByRole('heading', { name: /Sam/ })).toBeVisible();

  await samChat.getByRole('textbox', { name: 'Message' }).fill('Can we go over question 4?');
  await expect(theoChat.getByTestId('chat-typing')).toHaveText('Sam is typing…');
  await samChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(theoChat.getByRole('log', { name: 'Messages' })).toContainText('Can we go over question 4?');
  await expect(theoChat.getByTestId('chat-typing')).toBeHidden();
  // Theo has the conversation open, so the message goes from delivered to seen.
  await expect(samChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SEEN');
  // The browser's clock is UTC; Sam's profile says Singapore, so the message reads in Singapore time.
  const sent = samChat.getByRole('log', { name: 'Messages' }).locator('time').last();
  const sentAt = new Date((await sent.getAttribute('datetime'))!);
  await expect(sent).toHaveText(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(sentAt),
  );

  await samChat.getByRole('button', { name: 'Back to conversations' }).click();
  await theoChat.getByRole('textbox', { name: 'Message' }).fill('Sure, see https://example.com/q4 first');
  await theoChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(theoChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'DELIVERED');

  const badge = sam.getByRole('banner').getByTestId('inbox-badge');
  await expect(badge).toHaveText('1');
  await expect(sam.getByText('New Message: Sure, see https://example.com/q4 first')).toBeVisible();
  // Theo has this conversation open: no toast for it there.
  await expect(theo.getByText(/^New Message/)).toHaveCount(0);
  await expect(samChat.getByTestId('conversation-unseen')).toHaveText('1');
  await samChat.getByRole('button', { name: /Theo/ }).click();
  await expect(samChat.getByRole('link', { name: 'https://example.com/q4' })).toHaveAttribute('target', '_blank');
  await expect(badge).toBeHidden();
  await expect(theoChat.getByTestId('message-tick').last()).toHaveAttribute('data-status', 'SEEN');
});
