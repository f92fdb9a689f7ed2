import type { HomeCurriculum } from '../../schema/contracts/learning';
import { expect, test } from './test';

for (const width of [1280, 375]) {
  test(`the landing page works at ${width} px wide, with curricula from the API`, async ({ page, request }) => {
    const fromApi = (await (await request.get('/api/curriculums/getCurriculumsForHomePage')).json()) as HomeCurriculum[];
    const curriculum = fromApi[0]!;
    const subject = curriculum.subjects[0]!;

    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    const curricula = page.waitForResponse((res) => res.url().endsWith('/api/curriculums/getCurriculumsForHomePage') && res.ok());
    await page.goto('/learning-portal/');
    await curricula;
    await expect(page.getByRole('button', { name: 'Book your FREE Class' }).first()).toBeVisible();
    await expect(page.getByText(curriculum.curriculum).first()).toBeVisible();
    await expect(page.getByText(subject.subject).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screens/e2e-home-${width}.png`, fullPage: true });
  });
}

test('the free-trial call to action opens the booking dialog', async ({ page }) => {
  await page.goto('/learning-portal/');
  await page.getByRole('button', { name: 'Book your FREE Class' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book your FREE Class' });
  await expect(dialog.getByText('We are with you on your learning journey', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
});
