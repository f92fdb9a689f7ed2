import type { AuthUserResponse } from '../../../schema/contracts/auth';
import { api } from '../../lib/api';
import { readStoredSession } from '../../lib/session-storage';
import { fragmentCredentials } from './token-request';

let early: { token: string; answer: Promise<AuthUserResponse> } | null = null;

/**
 * Asks for the stored user's data before the app's first render (spec 1 shows the loading screen until it is
 * loaded), so the request runs beside React's start-up instead of after it. Not when the address carries a token
 * sign-in: that replaces the stored session first.
 */
export function requestStoredUserEarly(hash: string) {
  const stored = readStoredSession();
  if (!stored || fragmentCredentials(hash)) return;
  const answer = api<AuthUserResponse>('/user/authUser');
  // Its failure is handled by whoever takes it; until then it must not count as unhandled.
  answer.catch(() => undefined);
  early = { token: stored.token, answer };
}

/** The early request for this token's user, handed over once; null when there was none for it. */
export function takeEarlyUser(token: string): Promise<AuthUserResponse> | null {
  const taken = early?.token === token ? early.answer : null;
  early = null;
  return taken;
}
