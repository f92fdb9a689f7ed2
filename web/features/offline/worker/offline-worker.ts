/**
 * The offline half of the app's one service worker (the push half is web/public/push-sw.js; scripts/build.ts joins
 * them into the served push-sw.js). Written against a small structural view of the worker global so tests can run
 * it on a fake one, and so the web project's DOM typings are enough.
 */

export interface OfflineBuild {
  /** Changes with every build; names this build's caches. */
  version: string;
  /** Paths under the scope to fetch at install: the HTML shell, initial chunks, CSS, fonts, icons. */
  precache: string[];
}

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

interface MessageEvent extends ExtendableEvent {
  data: unknown;
}

interface WindowClient {
  url: string;
}

export interface WorkerGlobal {
  addEventListener(type: 'install' | 'activate', handler: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', handler: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', handler: (event: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  registration: { scope: string };
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly WindowClient[]> };
  caches: CacheStorage;
  fetch(request: Request): Promise<Response>;
}

/** The message a page sends when the person presses "Reload" on the update toast. */
export const TAKE_OVER_MESSAGE = 'studyhall:take-over';
/** The page lists the built files it loaded before this worker controlled it, so they are kept too. */
export const KEEP_MESSAGE = 'studyhall:keep';
/**
 * A page the active worker does not control asks to be claimed. Activation claims the pages open then, but a page
 * whose navigation left for the network while the worker was still installing commits after that claim, and would
 * stay uncontrolled (no offline reload) until the next navigation.
 */
export const CLAIM_MESSAGE = 'studyhall:claim';

export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  urls: string[];
}

const isKeepMessage = (data: unknown): data is KeepMessage =>
  typeof data === 'object' && data !== null && (data as KeepMessage).type === KEEP_MESSAGE && Array.isArray((data as KeepMessage).urls);
const CACHE_PREFIX = 'studyhall-offline-';
/** Each build's hashed files; old builds' caches go when the new worker activates. */
export const cacheName = (build: OfflineBuild) => `${CACHE_PREFIX}${build.version}`;

/**
 * What the worker may answer for a request: nothing for the API and its sockets (always live), nothing for other
 * origins or other methods; the app shell for a navigation; a cache-first copy for a built file.
 */
export function routeOf(request: Request, scope: string): 'network' | 'navigation' | 'asset' {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== new URL(scope).origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (!url.href.startsWith(scope)) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  return 'asset';
}

/** A lesson room must never change code under the person mid-lesson. */
export const isLessonRoom = (url: string) => new URL(url).pathname.includes('/lesson-room/');

export function installOfflineWorker(sw: WorkerGlobal, build: OfflineBuild) {
  const name = cacheName(build);
  const shellUrl = sw.registration.scope;
  // Opened once for the worker's life: opening it again for every request is a round trip to the cache storage per
  // file, which a reload of the lesson room pays some forty-five times.
  let opened: Promise<Cache> | null = null;
  const ownCache = () => {
    opened ??= sw.caches.open(name);
    return opened;
  };

  // No skipWaiting here: a new build waits until every tab of the old one is gone, or the person asks to reload.
  sw.addEventListener('install', (event) => {
    event.waitUntil(ownCache().then((cache) => cache.addAll(build.precache.map((path) => new URL(path, shellUrl).href))));
  });

  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      sw.caches
        .keys()
        .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== name).map((key) => sw.caches.delete(key))))
        .then(() => sw.clients.claim()),
    );
  });

  sw.addEventListener('message', (event) => {
    if (isKeepMessage(event.data)) event.waitUntil(keep(event.data.urls));
    if (event.data === CLAIM_MESSAGE) event.waitUntil(sw.clients.claim());
    if (event.data !== TAKE_OVER_MESSAGE) return;
    event.waitUntil(sw.clients.matchAll({ type: 'window' }).then((windows) => (windows.some((w) => isLessonRoom(w.url)) ? undefined : sw.skipWaiting())));
  });

  /** The first visit's chunks were fetched before this worker was there to keep them (usually from the HTTP cache). */
  async function keep(urls: string[]) {
    const cache = await ownCache();
    const built = urls.filter((url) => url.startsWith(`${shellUrl}assets/`));
    await Promise.allSettled(
      built.map(async (url) => {
        if (await cache.match(url)) return;
        const response = await sw.fetch(new Request(url));
        if (response.ok) await cache.put(url, response);
      }),
    );
  }

  sw.addEventListener('fetch', (event) => {
    const route = routeOf(event.request, sw.registration.scope);
    if (route === 'navigation') event.respondWith(navigate(event.request));
    else if (route === 'asset') event.respondWith(asset(event.request));
  });

  /** Online the server's shell (it may carry a new build); offline the cached one, so client routes still open. */
  async function navigate(request: Request) {
    try {
      return await sw.fetch(request);
    } catch (error) {
      const cached = await ownCache().then((cache) => cache.match(shellUrl));
      if (cached) return cached;
      throw error;
    }
  }

  /** Built files are content-hashed, so a cached copy is always right; a lazy chunk is kept on its first use. */
  async function asset(request: Request) {
    const cache = await ownCache();
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await sw.fetch(request);
    if (response.ok && new URL(request.url).pathname.includes('/assets/')) await cache.put(request, response.clone());
    return response;
  }
}
