import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, submitLogin } from './demo';
import { expect, test } from './test';

/** The partner's people (schema/seed.ts) and what each should land on after signing in. */
const PARTNER_PEOPLE = [
  { role: 'learner', email: 'learner@partner.test' },
  { role: 'tutor', email: 'tutor@partner.test' },
  { role: 'admin', email: 'admin@partner.test' },
];
const PARTNER_NAME = 'BrightPath Tutors';
/** Studyhall's teal in every spelling the app ever wrote it. */
const TEAL = [/#?01b8af/i, /#?0cd6cd/i, /#?019c94/i, /#?00a69e/i, /#?3ee0d8/i, /rgba?\(1,\s*184,\s*175/, /rgba?\(12,\s*214,\s*205/];
/** Pages a crawl does not open: live rooms and quizzes start things, dev pages are no tenant's, sign-out ends the crawl. */
const SKIP = /\/(lesson-room|waiting-room|trial-recording|startSubmission|dev|payment|subscriptions)\b|\/quiz\//;

const partnerOrigin = (baseURL: string) => `http://partner.localhost:${new URL(baseURL).port}`;

/** A file of the partner's, fetched by the page: Chromium resolves *.localhost, Node's request context does not. */
const fetchFrom = (page: Page, url: string, as: 'json' | 'text') => page.evaluate(async ([u, kind]) => (await fetch(u!))[kind as 'json' | 'text'](), [url, as]);

/** Everything the page shows and is, for Studyhall's name (the shell's own storage keys are lower case) and teal. */
async function expectNoLeak(page: Page, where: string) {
  const { title, html, text } = await page.evaluate(() => ({ title: document.title, html: document.documentElement.outerHTML, text: document.body.innerText }));
  expect(title, `${where}: title`).not.toMatch(/studyhall/i);
  expect(title, `${where}: title names the tenant`).toContain(PARTNER_NAME.split(' ')[0]);
  expect(text, `${where}: visible text`).not.toMatch(/studyhall/i);
  expect(html, `${where}: markup`).not.toContain('Studyhall');
  expect(TEAL.filter((mark) => mark.test(html)).map(String), `${where}: Studyhall's teal in the markup`).toEqual([]);
}

/** Opens `path` and waits for its own content (a heading), then for its requests to settle a moment. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page
    .locator('main h1, main h2, [data-testid="not-found"]')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function linksOn(page: Page, origin: string) {
  const hrefs = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href));
  return hrefs.filter((href) => href.startsWith(`${origin}/learning-portal/`) && !SKIP.test(new URL(href).pathname)).map((href) => href.split('#')[0]!);
}

test('the partner shows nothing of Studyhall: its public pages, its installed app and every page its learner, tutor and admin reach', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const origin = partnerOrigin(baseURL!);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  await visit(page, `${origin}/learning-portal/`);
  const manifest = (await fetchFrom(page, `${origin}/learning-portal/manifest.webmanifest`, 'json')) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: PARTNER_NAME, short_name: 'BrightPath', theme_color: '#4F46E5' });
  expect(JSON.stringify(manifest)).not.toMatch(/studyhall|01b8af/i);

  for (const [path, title] of [
    ['/', null],
    ['/login', `Sign in | ${PARTNER_NAME}`],
    ['/sign-up', `Sign up · ${PARTNER_NAME}`],
    ['/forgot-password', `Forgot password · ${PARTNER_NAME}`],
    ['/no/such/page', `Page not found · ${PARTNER_NAME}`],
  ] as const) {
    await visit(page, `${origin}/learning-portal${path}`);
    if (title) await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4F46E5');
    await expectNoLeak(page, path);
  }
  await expect(page.getByText('Cambridge IGCSE · A Level')).toBeVisible();

  // A reset mail for the learner, read back below with every other mail the partner sent.
  await visit(page, `${origin}/learning-portal/forgot-password`);
  await page.getByLabel('Email').fill('learner@partner.test');
  const sent = page.waitForResponse((res) => res.url().endsWith('/api/auth/forgot-password') && res.ok());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await sent;

  for (const person of PARTNER_PEOPLE) {
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${origin}/learning-portal/login`);
    await submitLogin(page, person.email, DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await visit(page, `${origin}/learning-portal/portal`);

    // The account menu's links (admin screens among them) are drawn only while it is open.
    const queue = new Set(await linksOn(page, origin));
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    for (const href of await page.getByRole('menuitem').evaluateAll((items) => items.map((a) => (a as HTMLAnchorElement).href).filter(Boolean)))
      if (!SKIP.test(new URL(href).pathname)) queue.add(href);
    await page.keyboard.press('Escape');

    const seen = new Set<string>();
    for (const href of queue) {
      if (seen.has(href) || seen.size >= 40) continue;
      seen.add(href);
      await visit(page, href);
      if (!page.url().startsWith(origin)) continue;
      await expectNoLeak(page, `${person.role} at ${new URL(href).pathname}`);
      expect(await page.title(), `${person.role} at ${new URL(href).pathname}: its own title`).toMatch(/ · BrightPath Tutors$|^BrightPath Tutors/);
      for (const link of await linksOn(page, origin)) queue.add(link);
    }
    expect(seen.size, `${person.role} reached pages`).toBeGreaterThan(3);
  }

  const mailbox = (await fetchFrom(page, `${origin}/api/dev/mailbox?limit=50`, 'json')) as { docs: { subject: string; text: string; html: string }[] };
  expect(mailbox.docs.length).toBeGreaterThan(0);
  for (const mail of mailbox.docs) {
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`, mail.subject).not.toMatch(/studyhall/i);
    expect(TEAL.filter((mark) => mark.test(mail.html)).map(String), mail.subject).toEqual([]);
  }
  await context.close();
});

test("the partner's admin changes the brand colour and the landing page and the installed app follow", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = partnerOrigin(baseURL!);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${origin}/learning-portal/login`);
  await submitLogin(page, 'admin@partner.test', DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));

  await page.goto(`${origin}/learning-portal/portal/admin/branding`);
  await expect(page).toHaveTitle(`Branding · ${PARTNER_NAME}`);
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
  await colour.fill('#FFD400');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Brand colour has too little contrast with white text: 1.4:1, and it needs at least 4.5:1.');

  await colour.fill('#B91C1C');
  await expect(page.getByTestId('branding-preview').getByText('Your first class is on us').locator('..')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved. Everyone on your site now sees it.')).toBeVisible();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#B91C1C');

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visitor.goto(`${origin}/learning-portal/`);
  await expect(visitor.locator('#cta-heading').locator('xpath=ancestor::section[1]')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await expect(visitor.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#B91C1C');
  const manifest = (await fetchFrom(visitor, `${origin}/learning-portal/manifest.webmanifest`, 'json')) as {
    theme_color: string;
    icons: { src: string }[];
  };
  expect(manifest.theme_color).toBe('#B91C1C');
  const icon = await fetchFrom(visitor, new URL(manifest.icons[0]!.src, `${origin}/learning-portal/`).href, 'text');
  expect(icon).toContain('fill="#B91C1C"');
});
