import { describe, expect, it, vi } from 'vitest';
import {
  cacheName,
  installOfflineWorker,
  KEEP_MESSAGE,
  type OfflineBuild,
  TAKE_OVER_MESSAGE,
  type WorkerGlobal,
} from '../../web/features/offline/worker/offline-worker';

const SCOPE = 'http://localhost/learning-portal/';
const BUILD: OfflineBuild = { version: 'v2', precache: ['', 'assets/index-abc.js', 'assets/index-abc.css'] };

/** A Cache Storage kept in maps, keyed by URL, as the worker sees it. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);
    return {
      match: async (request: RequestInfo | URL) => store.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void store.set(key(request), response),
      addAll: async (urls: string[]) => urls.forEach((url) => store.set(url, new Response(`precached ${url}`))),
    } as unknown as Cache;
  };
  const caches = { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) } as unknown as CacheStorage;
  return { caches, stores };
}

/** The offline worker on a fake global: its handlers, the network it sees, and the windows it controls. */
function loadWorker(opts: { online?: boolean; windows?: string[] } = {}) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const { caches, stores } = fakeCaches();
  const network = vi.fn(async (request: Request) => {
    if (opts.online === false) throw new TypeError('Failed to fetch');
    return new Response(`network ${request.url}`);
  });
  const sw = {
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    skipWaiting: vi.fn(async () => undefined),
    registration: { scope: SCOPE },
    clients: { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => (opts.windows ?? []).map((url) => ({ url }))) },
    caches,
    fetch: network,
  };
  installOfflineWorker(sw as unknown as WorkerGlobal, BUILD);

  const lifecycle = async (type: string, data?: unknown) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers[type]!({ data, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  /** Dispatches a fetch; resolves with the worker's answer, or null when it left the request to the browser. */
  const request = async (url: string, init: { method?: string; mode?: RequestMode } = {}) => {
    let answer: Promise<Response> | null = null;
    const req = { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', clone: () => req } as unknown as Request;
    handlers.fetch!({ request: req, respondWith: (response: Promise<Response>) => (answer = response), waitUntil: () => undefined });
    return answer ? await (answer as Promise<Response>).then((r) => r.text()) : null;
  };
  return { sw, stores, network, lifecycle, request };
}

describe('the offline service worker', () => {
  it('never answers the API or its sockets, even with a copy of the address in its cache', async () => {
    const worker = loadWorker();
    await worker.lifecycle('install');
    const store = worker.stores.get(cacheName(BUILD))!;
    for (const path of ['/api/users/me', '/api/rt/docs/doc-1', '/api']) {
      store.set(`http://localhost${path}`, new Response('stale'));
      expect(await worker.request(`http://localhost${path}`)).toBeNull();
      expect(await worker.request(`http://localhost${path}`, { mode: 'navigate' })).toBeNull();
    }
    expect(await worker.request(`${SCOPE}assets/index-abc.js`, { method: 'POST' })).toBeNull();
    expect(await worker.request('https://fonts.example/font.woff2')).toBeNull();
    expect(worker.network).not.toHaveBeenCalled();
  });

  it('precaches the shell and opens any app address from it when the network is off', async () => {
    const worker = loadWorker({ online: false });
    await worker.lifecycle('install');
    expect(await worker.request(`${SCOPE}lesson-room/section-1`, { mode: 'navigate' })).toBe(`precached ${SCOPE}`);
    expect(await worker.request(`${SCOPE}assets/index-abc.js`)).toBe(`precached ${SCOPE}assets/index-abc.js`);
  });

  it('asks the network first for a page while online, so a new build is seen', async () => {
    const worker = loadWorker();
    await worker.lifecycle('install');
    expect(await worker.request(`${SCOPE}portal`, { mode: 'navigate' })).toBe(`network ${SCOPE}portal`);
  });

  it('keeps a lazy chunk on its first use and serves it from the device afterwards', async () => {
    const worker = loadWorker();
    await worker.lifecycle('install');
    const chunk = `${SCOPE}assets/LessonRoomPage-xyz.js`;
    expect(await worker.request(chunk)).toBe(`network ${chunk}`);
    expect(await worker.request(chunk)).toBe(`network ${chunk}`);
    expect(worker.network).toHaveBeenCalledTimes(1);
  });

  it('waits after installing a new build, and drops older builds only when it takes over', async () => {
    const worker = loadWorker();
    worker.stores.set(cacheName({ version: 'v1', precache: [] }), new Map());
    worker.stores.set('someone-elses-cache', new Map());
    await worker.lifecycle('install');
    expect(worker.sw.skipWaiting).not.toHaveBeenCalled();
    expect([...worker.stores.keys()]).toContain('studyhall-offline-v1');
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['someone-elses-cache', 'studyhall-offline-v2']);
  });

  it('does not take over while any tab has a lesson room open, and does when none has', async () => {
    const inLesson = loadWorker({ windows: [`${SCOPE}portal`, `${SCOPE}lesson-room/section-1`] });
    await inLesson.lifecycle('message', TAKE_OVER_MESSAGE);
    expect(inLesson.sw.skipWaiting).not.toHaveBeenCalled();

    const elsewhere = loadWorker({ windows: [`${SCOPE}portal`, `${SCOPE}portal/schedule`] });
    await elsewhere.lifecycle('message', 'something else');
    expect(elsewhere.sw.skipWaiting).not.toHaveBeenCalled();
    await elsewhere.lifecycle('message', TAKE_OVER_MESSAGE);
    expect(elsewhere.sw.skipWaiting).toHaveBeenCalled();
  });
});

describe('files the first visit loaded before the worker was in control', () => {
  it('are kept when the page lists them, built files only', async () => {
    const worker = loadWorker();
    await worker.lifecycle('install');
    const chunk = `${SCOPE}assets/LessonRoomPage-xyz.js`;
    await worker.lifecycle('message', {
      type: KEEP_MESSAGE,
      urls: [chunk, `${SCOPE}assets/index-abc.js`, 'http://localhost/api/tenant', 'https://cdn.example/x.js'],
    });
    expect(worker.network).toHaveBeenCalledTimes(1);
    expect(worker.stores.get(cacheName(BUILD))!.has(chunk)).toBe(true);
  });
});
