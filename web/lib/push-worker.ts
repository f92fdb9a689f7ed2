import { BASENAME } from './paths';

/** The push service worker (web/public/push-sw.js), served under the base path so its scope is the whole app. */
export const PUSH_WORKER_URL = `${BASENAME}/push-sw.js`;
export const PUSH_WORKER_SCOPE = `${BASENAME}/`;
/** The id of this browser's stored subscription (POST /fcm-token), so sign-out can remove it. */
export const PUSH_SUBSCRIPTION_KEY = 'studyhall.push.subscription';

/**
 * Spec 1: old service workers are unregistered on load. Only this build's push worker stays, and so does a
 * registration with no worker yet: that is a registration of ours still fetching its script (another tab's first
 * visit), and unregistering it would leave the app without its offline worker.
 */
export const unregisterOldWorkers = (container: ServiceWorkerContainer | undefined = navigator.serviceWorker) =>
  container?.getRegistrations().then((all) =>
    Promise.all(
      all.map((r) => {
        const worker = r.active ?? r.waiting ?? r.installing;
        return !worker || worker.scriptURL.endsWith(PUSH_WORKER_URL) || r.unregister();
      }),
    ),
  );
