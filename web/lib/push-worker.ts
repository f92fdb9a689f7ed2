import { BASENAME } from './paths';

/** The push service worker (web/public/push-sw.js), served under the base path so its scope is the whole app. */
export const PUSH_WORKER_URL = `${BASENAME}/push-sw.js`;
export const PUSH_WORKER_SCOPE = `${BASENAME}/`;
/** The id of this browser's stored subscription (POST /fcm-token), so sign-out can remove it. */
export const PUSH_SUBSCRIPTION_KEY = 'studyhall.push.subscription';

/** Spec 1: old service workers are unregistered on load. Only this build's push worker stays. */
export const unregisterOldWorkers = (container: ServiceWorkerContainer | undefined = navigator.serviceWorker) =>
  container
    ?.getRegistrations()
    .then((all) => Promise.all(all.map((r) => (r.active ?? r.waiting ?? r.installing)?.scriptURL.endsWith(PUSH_WORKER_URL) || r.unregister())));
