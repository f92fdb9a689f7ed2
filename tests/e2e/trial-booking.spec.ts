import { TZDate } from '@date-fns/tz';
import { addDays, format, isWeekend } from 'date-fns';
import { signIn } from './demo';
import { expect, test } from './test';

const ZONE = 'Asia/Singapore';
test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 900 } });

/** Theo (the seeded tutor) works weekdays 09:00–18:00 Singapore time; the 12-hour notice rules out tomorrow morning. */
function bookableWeekday() {
  let day = addDays(new TZDate(Date.now(), ZONE), 2);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

test('a guest books a free trial from the landing page, and Theo finds the trial lesson on his courses', async ({ page, browser }) => {
  await page.goto('/learning-portal/');
  await page.getByRole('button', { name: 'Book your FREE Class' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book your FREE Class' });
  await expect(dialog.getByText('We are with you on your learning journey, you are just one step closer to booking your free trial.')).toBeVisible();
  const book = dialog.getByRole('button', { name: 'Book Trial' });
  await expect(book).toBeDisabled();

  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await dialog.getByLabel('Subject').selectOption('Mathematics');
  await dialog.getByLabel('Grade').selectOption('Grade 10');
  const day = bookableWeekday();
  const cell = dialog.locator(`td[data-day="${format(day, 'yyyy-MM-dd')}"] button`);
  if (!(await cell.isVisible())) await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  await cell.click();
  await expect(dialog.getByRole('group', { name: 'Date' }).getByText(format(day, 'yyyy MMM dd'))).toBeVisible();

  const slots = dialog.getByRole('group', { name: 'Select your slot' });
  await slots.getByRole('button', { name: '09:00 AM' }).click();
  await expect(slots.getByRole('button', { name: '09:00 AM' })).toHaveAttribute('aria-pressed', 'true');

  await dialog.getByLabel('First name').fill('Gina');
  await dialog.getByLabel('Last name').fill('Guest');
  await dialog.getByLabel('Email').fill('gina.trial@example.test');
  await dialog.getByLabel('Password').fill('a-long-password');
  await book.click();

  const congratulations = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(congratulations).toContainText('Your trial class is successfully scheduled. Check your homepage and email for details.');
  await expect(page).toHaveURL(/\/learning-portal\/portal\?trialClassCreated=/);

  const theo = await browser.newPage({ timezoneId: ZONE });
  await signIn(theo, 'tutor@studyhall.test');
  await expect(theo).toHaveURL(/\/learning-portal\/(dashboard|portal)/);
  await theo.goto('/learning-portal/portal/courses');
  // Gina's trial by its time: Sam may have booked another maths trial with Theo from a quiz that day.
  const trialCourse = theo.getByRole('link', { name: 'Free trial: Mathematics (Grade 10)' }).filter({ hasText: `${format(day, 'EEE d MMM')}, 09:00` });
  await expect(trialCourse).toBeVisible();
  await trialCourse.click();
  await expect(theo.getByRole('heading', { name: 'Free trial: Mathematics (Grade 10)', level: 1 })).toBeVisible();
  // The trial lesson itself, at the booked time in Theo's zone.
  await expect(theo.getByText(`${format(day, 'EEE d MMM')}, 09:00`).last()).toBeVisible();
  await expect(theo.getByText('Upcoming')).toBeVisible();
  // And on his calendar, on the booked day.
  const bookedDay = format(day, 'yyyy-MM-dd');
  await theo.goto(`/learning-portal/portal/schedule?view=week&date=${bookedDay}`);
  const column = theo.locator(`[data-testid="calendar-day"][data-day="${bookedDay}"]`);
  await expect(column.getByRole('link', { name: /9:00 AM.*Free trial: Mathematics \(Grade 10\)/ })).toBeVisible();
  await theo.close();
});
