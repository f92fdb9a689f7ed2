import { type BrowserContext, test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/** `E2E_CPU_THROTTLE=4 npm run test:e2e` runs every journey on a CPU four times slower (DevTools' throttling). */
export const rate = Number(process.env.E2E_CPU_THROTTLE ?? '1');

function throttle(context: BrowserContext) {
  context.on('page', (page) => {
    void context
      .newCDPSession(page)
      .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate }))
      // A page closed before the session opened needs no throttling.
      .catch(() => undefined);
  });
}

/** What the page's Content-Security-Policy refused during the current test, in the browser's words. */
const violations: string[] = [];

/**
 * Every page of the context reports what the policy refuses: the event from the page itself and Chromium's console
 * line ("Refused to … because it violates the following Content Security Policy directive").
 */
async function watchPolicy(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || 'an inline script or style'}`),
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
}

/** Every context a test opened with `browser.newContext()` or `browser.newPage()`, closed when that test ends. */
const opened = new Set<BrowserContext>();

/**
 * Playwright's test, whose every browser context (the fixture's and each `browser.newContext()`) is throttled when
 * asked, with each test's own time limit stretched by the same rate (the config stretches the defaults). A context a
 * journey opened itself and left open (a second person's page) is closed after it: left running, its pages (a
 * lesson room, a chat) kept the browser busy for every journey after it.
 */
export const test = base.extend<{ closeOpenedContexts: undefined; noPolicyViolations: undefined }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        opened.add(context);
        await watchPolicy(context);
        context.on('close', () => opened.delete(context));
        if (rate > 1) throttle(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await watchPolicy(context);
    await use(context);
  },
  /** Every journey also proves the app runs under its Content-Security-Policy: nothing it needs is refused. */
  noPolicyViolations: [
    async ({}, use) => {
      violations.length = 0;
      await use(undefined);
      expect(violations, 'the Content-Security-Policy refused something the app needs').toEqual([]);
    },
    { auto: true },
  ],
  closeOpenedContexts: [
    async ({}, use) => {
      await use(undefined);
      await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

const setTimeout = test.setTimeout.bind(test);
test.setTimeout = (timeout: number) => setTimeout(timeout * rate);
