import { type Context, Hono } from 'hono';
import { fieldError } from '../../platform/errors';
import { type AuthType, authTypes, tokenRequest } from '../../schema/contracts/auth';
import type { User } from '../../schema/tables';
import type { AppBindings } from '../env';
import { passwordSignIn } from '../lib/accounts/password-sign-in';
import { mailFrom } from '../lib/mail-from';
import { callerOf, tooMany } from '../lib/rate-limit';
import { cookieUser, endSession, forgetSession, grant, grantGuest, idTokenUser, issueIdToken, rememberSession, type SessionOrigin } from '../lib/sessions';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const INCORRECT = 'Incorrect email or password';
const LINK_INVALID = 'This sign-in link is invalid or has expired. Please sign in again.';
const COOKIE_INVALID = 'Your session has expired. Please sign in again.';

/** `login:ada@example.com` → `{type: 'login', value: 'ada@example.com'}`; the prefix must be a known auth type. */
function splitUsername(username: string) {
  const colon = username.indexOf(':');
  const type = username.slice(0, colon);
  if (colon < 1 || !(authTypes as readonly string[]).includes(type)) {
    throw fieldError('username', `must start with an auth type (${authTypes.map((t) => `${t}:`).join(', ')})`);
  }
  return { type: type as AuthType, value: username.slice(colon + 1).trim() };
}

/** The OAuth-style refusal of the token endpoint; `message` mirrors `error_description` for the toast rules. */
const invalidGrant = (c: Context<AppBindings>, description: string) =>
  c.json({ error: 'invalid_grant', error_description: description, message: description, errors: [] }, 401);

/** Answers a token for a person and remembers the session in the browser's cookie for the `cookie` auth type. */
async function signedIn(c: Context<AppBindings>, tdb: TenantDb, user: User, origin: SessionOrigin) {
  const granted = await grant(tdb, c.env.TOKEN_SECRET, user, origin);
  await rememberSession(c, granted);
  return c.json(granted.body);
}

export const authRoutes = new Hono<AppBindings>()
  .post('/oauth/token', validate('form', tokenRequest), async (c) => {
    const tdb = tenantDb(c);
    const body = c.req.valid('form');

    if (body.grant_type === 'client_credentials') {
      return c.json((await grantGuest(tdb, c.env.TOKEN_SECRET)).body);
    }

    const { type, value } = splitUsername(body.username);
    switch (type) {
      case 'guest':
        throw fieldError('username', 'a guest session uses grant_type client_credentials');
      case 'cookie': {
        const user = await cookieUser(c, tdb, value);
        return user ? signedIn(c, tdb, user, 'cookie') : invalidGrant(c, COOKIE_INVALID);
      }
      case 'tpToken': {
        const user = await idTokenUser(tdb, c.env.TOKEN_SECRET, value, body.password);
        return user ? signedIn(c, tdb, user, 'tpToken') : invalidGrant(c, LINK_INVALID);
      }
      case 'login': {
        const signIn = await passwordSignIn(tdb, { email: value, password: body.password, caller: await callerOf(c), warning: mailFrom(c) });
        if ('refused' in signIn) return tooMany(c, signIn.refused);
        return signIn.user ? signedIn(c, tdb, signIn.user, 'login') : invalidGrant(c, INCORRECT);
      }
    }
  })
  .post('/auth/id-token', requireAuth, requireAccount, refuseWhileImpersonating, async (c) => {
    return c.json(await issueIdToken(tenantDb(c), c.env.TOKEN_SECRET, authOf(c).userId));
  })
  .post('/auth/sign-out', requireAuth, async (c) => {
    await endSession(tenantDb(c), authOf(c).sessionId);
    forgetSession(c);
    return c.body(null, 204);
  });
