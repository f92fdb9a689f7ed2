import { type Browser, expect } from '@playwright/test';
import { signIn } from './demo';

/** Someone signed in, in a browser of their own, with the lesson room at `room` open and connected. */
export async function personInLessonRoom(browser: Browser, email: string, room: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(room);
  await expect(page.getByTestId('connection-state')).toHaveText(/Live/);
  return { context, page };
}
