import type { PersonRef } from '../../../schema/contracts/admin-users';
import type { StoredSession } from '../../lib/session-storage';

/**
 * While an admin acts as someone: the admin's own session to fall back to, who is acting, and where to go back.
 * Kept in session storage, so it survives reloads but not the tab: the token's `imp` claim still shows the banner.
 */
export interface Impersonation {
  admin: StoredSession;
  impersonator: PersonRef;
  /** The impersonation session's token; a different current token means this record is stale. */
  token: string;
  returnTo: string;
}

const KEY = 'studyhall.impersonation';

export function readImpersonation(): Impersonation | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Impersonation) : null;
  } catch {
    return null;
  }
}

export function writeImpersonation(record: Impersonation | null) {
  if (record) sessionStorage.setItem(KEY, JSON.stringify(record));
  else sessionStorage.removeItem(KEY);
}

/** The admin id in an access token's `imp` claim; the payload is only read for display, the server checks it. */
export function impersonatorIdOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const imp = (JSON.parse(json) as { imp?: unknown }).imp;
    return typeof imp === 'string' ? imp : null;
  } catch {
    return null;
  }
}
