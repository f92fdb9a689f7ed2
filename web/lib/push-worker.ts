import { BASENAME } from './paths';

/** The push service worker (web/public/push-sw.js), served under the base path so its scope is the whole app. */
export const PUSH_WORKER_URL = `${BASENAME}/push-sw.js`;
export const PUSH_WORKER_SCOPE = `${BASENAME}/`;
/** The id of this browser's stored subscription (POST /fcm-token), so sign-out can remove it. */
export const PUSH_SUBSCRIPTION_KEY = 'studyhall.push.subscription';

/** Spec 1: old service workers are unregistered on load. Only this build's push worker stays. */
export async function unregisterOldWorkers(container: ServiceWorkerContainer | undefined = navigator.serviceWorker) {
  for (const registration of (await container?.getRegistrations()) ?? []) {
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (!worker || new URL(worker.scriptURL).pathname !== PUSH_WORKER_URL) await registration.unregister();
  }
}
