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

/**
 * Playwright's test, whose every browser context (the fixture's and each `browser.newContext()`) is throttled when
 * asked, with each test's own time limit stretched by the same rate (the config stretches the defaults).
 */
export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      if (rate > 1) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          throttle(context);
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

const setTimeout = test.setTimeout.bind(test);
test.setTimeout = (timeout: number) => setTimeout(timeout * rate);
