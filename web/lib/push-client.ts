import type { PushConfig } from '../../schema/contracts/chat';
import { api } from './api';
import { PUSH_SUBSCRIPTION_KEY, PUSH_WORKER_SCOPE, PUSH_WORKER_URL } from './push-worker';
import { storedToken } from './session-storage';

/**
 * - unsupported: this browser has no Web Push.
 * - not-configured: a development build, or a deployment without VAPID keys.
 * - blocked: the person said no; only the browser's site settings can undo that.
 * - off / on: whether this browser is subscribed for the signed-in person.
 */
export type PushStatus = 'unsupported' | 'not-configured' | 'blocked' | 'off' | 'on';

export interface PushAvailability {
  status: PushStatus;
  publicKey: string | null;
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What this browser and deployment allow, without asking the person anything. */
export async function pushAvailability(production = import.meta.env.PROD): Promise<PushAvailability> {
  if (!production) return { status: 'not-configured', publicKey: null };
  if (!supported()) return { status: 'unsupported', publicKey: null };
  const { vapidPublicKey } = await api<PushConfig>('/push/config');
  if (!vapidPublicKey) return { status: 'not-configured', publicKey: null };
  if (Notification.permission === 'denied') return { status: 'blocked', publicKey: vapidPublicKey };
  const on = Notification.permission === 'granted' && localStorage.getItem(PUSH_SUBSCRIPTION_KEY) !== null && (await currentSubscription()) !== null;
  return { status: on ? 'on' : 'off', publicKey: vapidPublicKey };
}

/**
 * Asks for permission (so it must run from a click), subscribes with the deployment's VAPID key and stores the
 * subscription for the signed-in person. A refusal is only logged, as the spec says.
 */
export async function turnOnPush(publicKey: string): Promise<PushStatus> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`push: notification permission ${permission}`);
    return permission === 'denied' ? 'blocked' : 'off';
  }
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const { _id } = await api<{ _id: string }>('/fcm-token', { json: { token: subscription.toJSON() } });
  localStorage.setItem(PUSH_SUBSCRIPTION_KEY, _id);
  return 'on';
}

/**
 * Removes this browser's subscription on the server and in the browser (turning push off, signing out, or a session
 * that ended). Without a token only the browser half can run; that is enough, since the push service then answers
 * "gone" to the next push and the server drops the row (worker/lib/push.ts).
 */
export async function forgetPush() {
  const id = localStorage.getItem(PUSH_SUBSCRIPTION_KEY);
  localStorage.removeItem(PUSH_SUBSCRIPTION_KEY);
  const subscription = supported() ? await currentSubscription() : null;
  // Each half is worth doing even when the other fails: an unreachable server must not keep the browser subscribed.
  const removal = id && storedToken() ? api(`/fcm-token/${id}`, { method: 'DELETE', keepSessionOn401: true }) : null;
  await Promise.allSettled([removal, subscription?.unsubscribe()]);
}
