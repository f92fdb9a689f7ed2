import { PORTAL_ROOT } from './paths';
import { clearStoredSession } from './session-storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The app shell subscribes so it can reset its state and navigate inside the router; returns the unsubscribe. */
export function onSessionEnded(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A 401 anywhere: forget the stored session and go to the portal root (spec 1, section 8). */
export function endSession() {
  clearStoredSession();
  if (listeners.size === 0) {
    window.location.assign(PORTAL_ROOT);
    return;
  }
  listeners.forEach((listener) => listener());
}

const retired = new Set<string>();

/** A token being swapped for another (returning from acting as a user): 401s for it are expected, not a sign-out. */
export function retireToken(token: string | null) {
  if (token) retired.add(token);
}

export function isRetired(token: string | null) {
  return token !== null && retired.has(token);
}
