import { type BrowserContext, test as base } from '@playwright/test';

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

/** Every context a test opened with `browser.newContext()` or `browser.newPage()`, closed when that test ends. */
const opened = new Set<BrowserContext>();

/**
 * Playwright's test, whose every browser context (the fixture's and each `browser.newContext()`) is throttled when
 * asked, with each test's own time limit stretched by the same rate (the config stretches the defaults). A context a
 * journey opened itself and left open (a second person's page) is closed after it: left running, its pages (a
 * lesson room, a chat) kept the browser busy for every journey after it.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        opened.add(context);
        context.on('close', () => opened.delete(context));
        if (rate > 1) throttle(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
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
