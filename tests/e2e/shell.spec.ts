import { expect, test } from './test';

test.describe('a chunk that fails', () => {
  // Requests a service worker answers never reach page.route: on a slow run the app's worker has precached the chunk
  // this journey blocks before the click, and the page loads fine. A person's failure to load is the network's.
  test.use({ serviceWorkers: 'block' });

  test('a route whose code fails to load shows the load-failure screen, and Retry loads it', async ({ page }) => {
    await page.goto('/learning-portal/');
    const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await expect(signInLink).toBeVisible();

    // The login page's own lazy chunk; the home page has not fetched it yet.
    const loginChunk = /\/learning-portal\/assets\/LoginPage-[^/]+\.js$/;
    let blocked = 0;
    await page.route(loginChunk, (route) => {
      blocked += 1;
      return route.abort();
    });
    await signInLink.click();
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
    await expect(page.getByText('Something went wrong while loading this page. Please try again.')).toBeVisible();
    expect(blocked).toBeGreaterThan(0);

    await page.unroute(loginChunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
  });
});

test('?trialClassCreated opens "Congratulations!", and Dismiss removes the flag without a reload', async ({ page }) => {
  await page.goto('/learning-portal/?trialClassCreated=true');
  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  const heading = dialog.getByRole('heading', { name: 'Congratulations!' });
  await expect(heading).toBeVisible();
  await expect(dialog.getByText('Your trial class is successfully scheduled. Check your homepage and email for details.')).toBeVisible();

  await page.evaluate(() => Object.assign(window, { beforeDismiss: true }));
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(heading).toBeHidden();
  await expect(page).toHaveURL(/\/learning-portal\/?$/);
  expect(await page.evaluate(() => 'beforeDismiss' in window)).toBe(true);
});

test('each route sets its meta tags from the API and a canonical link without the trailing slash', async ({ page, baseURL }) => {
  await page.goto('/learning-portal/login/');
  await expect(page).toHaveTitle('Sign in | Studyhall');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Sign in to Studyhall/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/learning-portal/login`);

  await page.getByRole('banner').getByRole('link', { name: 'Studyhall', exact: true }).click();
  await expect(page).toHaveTitle(/^Studyhall \| Live online tutoring/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/learning-portal`);
});
