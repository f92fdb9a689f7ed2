import type { CDPSession, Page } from '@playwright/test';

/**
 * The device the offline bench stands for: a mid-range laptop, pinned down as a Lighthouse BenchmarkIndex. Lighthouse's
 * table of device classes (docs/throttling.md, "Benchmarking CPU Power") puts a low-end desktop (Core i3) at 1000–1500
 * and a high-end one (16" MacBook Pro) at 1500–2000; a mid-range laptop sits where the two meet. Chrome DevTools'
 * CPU calibration uses the same measure (a Pixel 5 scores 1000).
 */
export const MID_RANGE_LAPTOP_INDEX = 1500;

/**
 * Lighthouse's BenchmarkIndex (core/lib/page-functions.js, `computeBenchmarkIndex`, Apache-2.0): the mean of a
 * string-building loop and an array-copying loop, half a second each, higher is faster. Sent as text so that no
 * bundler helper ends up in the page.
 */
const BENCHMARK_INDEX = `(() => {
  function gc() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('never');
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  function noGc() {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const from = iterations % 2 === 0 ? a : b;
      const to = iterations % 2 === 0 ? b : a;
      for (let j = 0; j < from.length; j++) to[j] = from[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  return (gc() + noGc()) / 2;
})()`;

export const benchmarkIndex = (page: Page) => page.evaluate(BENCHMARK_INDEX) as Promise<number>;

export interface DeviceProfile {
  /** This machine's index in the bench's Chromium, unthrottled. */
  hostIndex: number;
  /** Chromium's CPU throttling rate applied for the rounds (1 when the machine is not faster than the profile). */
  rate: number;
  /** The index measured with that rate: what the page runs like. */
  emulatedIndex: number;
}

/**
 * The CPU throttling rate that makes a page score the profile's index, as DevTools' calibration finds it: throttling
 * is not linear, so the rate is corrected from a measurement a few times. Measured on a blank page (the bench's own
 * page has sockets and timers of its own). A machine slower than the profile is left as it is (the numbers then
 * overstate the laptop's times, never understate them).
 */
export async function calibrate(page: Page, cdp: CDPSession, target: number): Promise<DeviceProfile> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await benchmarkIndex(page);
  const hostIndex = await benchmarkIndex(page);
  let rate = 1;
  let emulatedIndex = hostIndex;
  for (let step = 0; step < 4 && Math.abs(emulatedIndex / target - 1) > 0.05 && (rate > 1 || emulatedIndex > target); step++) {
    rate = Math.max(1, (rate * emulatedIndex) / target);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    emulatedIndex = await benchmarkIndex(page);
  }
  return { hostIndex, rate, emulatedIndex };
}
