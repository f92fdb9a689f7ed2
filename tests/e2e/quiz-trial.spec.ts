import { TZDate } from '@date-fns/tz';
import { addDays, format, isWeekend } from 'date-fns';
import { STUDENT, signIn } from './demo';
import { expect, test } from './test';

const ZONE = 'Asia/Singapore';
const QUIZ = 'quiz_studyhall_linear_equations_a';
const SHOTS = '.tmp/screens';
test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 900 } });

/** Theo (the seeded tutor) works weekdays 09:00–18:00 Singapore time; the 12-hour notice rules out tomorrow morning. */
function bookableWeekday() {
  let day = addDays(new TZDate(Date.now(), ZONE), 2);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

test('Sam finishes a quiz, books a free trial lesson from his result and finds it under his trials', async ({ page }) => {
  test.slow();
  await signIn(page, STUDENT.email);
  await page.goto(`/learning-portal/quizzes/${QUIZ}`);
  await page.getByRole('link', { name: /^(Start the quiz|Start a new attempt|Resume your attempt)$/ }).click();
  // The about page has the quiz's title too: wait for the player's own address before answering.
  await expect(page).toHaveURL(/\/dashboard\/.+\/quiz\/\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Linear equations: practice set A' })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  await page.getByRole('navigation', { name: 'Questions' }).getByRole('button').last().click();
  await page.getByRole('button', { name: 'Finish quiz' }).click();
  await page.getByRole('button', { name: 'Finish anyway' }).click();
  await expect(page.getByText('Quiz Completed')).toBeVisible();
  await expect(page.getByTestId('result-score')).toBeVisible();

  const offer = page.getByRole('button', { name: 'Book a free trial lesson on this topic' });
  await page.setViewportSize({ width: 375, height: 812 });
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/quiz-trial-offer-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Book a free trial lesson' });
  await expect(dialog).toContainText('Mathematics (Grade 10), Cambridge IGCSE');
  await expect(dialog.getByRole('button', { name: 'Book Trial' })).toBeDisabled();
  const day = bookableWeekday();
  const cell = dialog.locator(`td[data-day="${format(day, 'yyyy-MM-dd')}"] button`);
  if (!(await cell.isVisible())) await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  await cell.click();
  const slots = dialog.getByRole('group', { name: 'Select your slot' });
  // The day's last time: the landing page's trial journey books Theo's 09:00 AM on the same day.
  const chosen = slots.getByRole('button').last();
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${SHOTS}/quiz-trial-dialog-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/quiz-trial-dialog-375.png` });
  await page.getByTestId('quiz-trial-dialog').evaluate((panel) => {
    panel.scrollTop = panel.scrollHeight;
  });
  await page.screenshot({ path: `${SHOTS}/quiz-trial-dialog-375-end.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Book Trial' }).click();
  await expect(page.getByText('Trial class booked successfully!')).toBeVisible();
  const booked = page.getByRole('dialog', { name: 'Your free trial lesson is booked' });
  await expect(booked.getByRole('status')).toContainText(`Your lesson in Mathematics (Grade 10) is on ${format(day, 'EEE d MMM')}`);
  await page.screenshot({ path: `${SHOTS}/quiz-trial-booked-1280.png` });
  await booked.getByRole('link', { name: 'See it in My trials' }).click();

  await expect(page).toHaveURL(/\/learning-portal\/portal\/trials$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('link', { name: /Mathematics \(Grade 10\).*SCHEDULED/ })).toContainText(format(day, 'EEE d MMM'));
});
