import type { TokenResponse } from '../../schema/contracts/auth';
import { api } from './api';
import type { Session } from './session';

/**
 * Same value as WEB_CLIENT_ID in schema/contracts/auth.ts. Importing it from there would pull zod (whose schemas
 * are built at module load) into the app's entry chunk, which the landing page's size budget cannot afford.
 */
const WEB_CLIENT_ID = 'studyhall-web';

/** The ways to get a token; a request is not sent when its credentials are missing (spec 1, section 5). */
export type TokenCredentials =
  | { type: 'login'; username?: string; password?: string }
  | { type: 'cookie'; userId?: string }
  | { type: 'tpToken'; token?: string; userId?: string }
  | { type: 'guest' };

/** The form body for POST /api/oauth/token, or null when the credentials are incomplete. */
export function tokenForm(credentials: TokenCredentials): URLSearchParams | null {
  const form = new URLSearchParams({ client_id: WEB_CLIENT_ID });
  switch (credentials.type) {
    case 'guest':
      form.set('grant_type', 'client_credentials');
      return form;
    case 'login':
      if (!credentials.username || !credentials.password) return null;
      form.set('grant_type', 'password');
      form.set('username', `login:${credentials.username.trim()}`);
      form.set('password', credentials.password);
      return form;
    case 'cookie':
      if (!credentials.userId) return null;
      form.set('grant_type', 'password');
      form.set('username', `cookie:${credentials.userId}`);
      form.set('password', 'cookie');
      return form;
    case 'tpToken':
      if (!credentials.token || !credentials.userId) return null;
      form.set('grant_type', 'password');
      form.set('username', `tpToken:${credentials.userId}`);
      form.set('password', credentials.token);
      return form;
  }
}

/** Asks for a token; resolves null without calling the API when credentials are missing. */
export async function requestToken(credentials: TokenCredentials): Promise<TokenResponse | null> {
  const form = tokenForm(credentials);
  if (!form) return null;
  return api<TokenResponse>('/oauth/token', { method: 'POST', form, keepSessionOn401: true });
}

export function sessionFromToken(response: TokenResponse): Session {
  return { token: response.access_token, user: response.oauthUser, actingUserId: response.oauthUser._id };
}

/** `#id_token=…&user_id=…[&token_type=cookie]` → the token sign-in it asks for, if both parts are there. */
export function fragmentCredentials(hash: string): TokenCredentials | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('id_token');
  const userId = fragment.get('user_id');
  if (!token || !userId) return null;
  return fragment.get('token_type') === 'cookie' ? { type: 'cookie', userId } : { type: 'tpToken', token, userId };
}
