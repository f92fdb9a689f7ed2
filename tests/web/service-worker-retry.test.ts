import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_RETRY_DELAYS_MS, registerServiceWorker } from '../../web/features/offline/service-worker';
import { CLAIM_MESSAGE } from '../../web/features/offline/worker/offline-worker';

/** A worker whose state the test moves, as the browser would after its install event. */
class FakeWorker extends EventTarget {
  state = 'installing';
  scriptURL = '/learning-portal/push-sw.js';
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function registrationWith(worker: FakeWorker) {
  return Object.assign(new EventTarget(), { installing: worker, waiting: null, active: null as FakeWorker | null, update: vi.fn() });
}

function containerFor(workers: FakeWorker[]) {
  const register = vi.fn(async () => registrationWith(workers[register.mock.calls.length - 1]!));
  return {
    register,
    getRegistrations: vi.fn(async () => []),
    ready: new Promise(() => undefined),
    controller: null,
  } as unknown as ServiceWorkerContainer & { register: typeof register };
}

afterEach(() => vi.useRealTimers());

describe('the offline worker’s first install', () => {
  it('registers again, later each time, when an install fails with no worker left, and stops once one is in place', async () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    const workers = [new FakeWorker(), new FakeWorker(), new FakeWorker()];
    const container = containerFor(workers);
    registerServiceWorker(container);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledTimes(1));

    workers[0]!.become('redundant');
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[0]! - 1);
    expect(container.register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(container.register).toHaveBeenCalledTimes(2);

    workers[1]!.become('redundant');
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[1]!);
    expect(container.register).toHaveBeenCalledTimes(3);

    workers[2]!.become('activated');
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[2]! * 2);
    expect(container.register).toHaveBeenCalledTimes(3);
    vi.unstubAllEnvs();
  });
});

describe('a page the worker does not control', () => {
  it('asks the active worker to claim it, and a controlled page does not', async () => {
    vi.stubEnv('PROD', true);
    for (const controlled of [false, true]) {
      const active = Object.assign(new FakeWorker(), { postMessage: vi.fn() });
      const registration = { ...registrationWith(new FakeWorker()), active };
      const container = {
        ...containerFor([new FakeWorker()]),
        ready: Promise.resolve(registration),
        controller: controlled ? active : null,
      } as unknown as ServiceWorkerContainer;
      registerServiceWorker(container);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(active.postMessage.mock.calls.some(([message]) => message === CLAIM_MESSAGE)).toBe(!controlled);
    }
    vi.unstubAllEnvs();
  });
});
