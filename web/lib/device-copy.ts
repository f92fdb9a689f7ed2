import { statusOf } from './errors';
import { storedActingUserId } from './session-storage';

/**
 * Copies are kept per person acted for, so the next person on a shared device never reads someone else's; what
 * is the same for everyone on this address (the tenant) is kept once for the device.
 */
export type CopyScope = 'person' | 'device';
const storageKey = (key: string, scope: CopyScope) => `studyhall.device-copy.${scope === 'device' ? 'device' : (storedActingUserId() ?? 'guest')}.${key}`;

export interface DeviceCopy<T> {
  value: T;
  /** When the server gave this answer (ms since the epoch). */
  fetchedAt: number;
  /** True when the network failed and this is the copy kept on the device. */
  fromDevice: boolean;
}

/**
 * Fetches and keeps the answer on the device; when the network is down, answers with the kept copy and when it was
 * fetched. A refusal from the server is never covered up by the copy.
 */
export async function withDeviceCopy<T>(key: string, fetcher: () => Promise<T>, scope: CopyScope = 'person'): Promise<DeviceCopy<T>> {
  try {
    const value = await fetcher();
    return { ...keepDeviceCopy(key, value, scope), fromDevice: false };
  } catch (error) {
    // An answer with a status reached the server; only a request that never got one falls back to the copy.
    const kept = statusOf(error) !== undefined ? null : localStorage.getItem(storageKey(key, scope));
    if (!kept) throw error;
    return { ...(JSON.parse(kept) as Omit<DeviceCopy<T>, 'fromDevice'>), fromDevice: true };
  }
}

/** The kept copy, read at once (for a first render), or null when there is none. */
export function readDeviceCopy<T>(key: string, scope: CopyScope = 'person'): Omit<DeviceCopy<T>, 'fromDevice'> | null {
  const kept = localStorage.getItem(storageKey(key, scope));
  return kept ? (JSON.parse(kept) as Omit<DeviceCopy<T>, 'fromDevice'>) : null;
}

/** Replaces the kept copy, for a page whose own changes (a quiz's answers) are newer than the server's last answer. */
export function keepDeviceCopy<T>(key: string, value: T, scope: CopyScope = 'person') {
  const copy = { value, fetchedAt: Date.now() };
  try {
    localStorage.setItem(storageKey(key, scope), JSON.stringify(copy));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
  return copy;
}

/** Forgets the kept copy: the server refused it, so it must not open again from the device. */
export function dropDeviceCopy(key: string, scope: CopyScope = 'person') {
  localStorage.removeItem(storageKey(key, scope));
}
