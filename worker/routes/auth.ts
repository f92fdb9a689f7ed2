import { eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AuthType, authTypes, type TokenResponse, tokenRequest } from '../../schema/contracts/auth';
import { sessions, type User, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../lib/access-tokens';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { toPublicUser } from '../lib/public-user';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { fieldError } from '../middleware/errors';
import { validate } from '../middleware/validate';

const INCORRECT = 'Incorrect email or password';

/** `login:ada@example.com` → `{type: 'login', value: 'ada@example.com'}`; the prefix must be a known auth type. */
function splitUsername(username: string) {
  const colon = username.indexOf(':');
  const type = username.slice(0, colon);
  if (colon < 1 || !(authTypes as readonly string[]).includes(type)) {
    throw fieldError('username', `must start with an auth type (${authTypes.map((t) => `${t}:`).join(', ')})`);
  }
  return { type: type as AuthType, value: username.slice(colon + 1).trim() };
}

/** Finds the user by email within this tenant only and checks the password; null for any mismatch. */
async function passwordUser(tdb: TenantDb, email: string, password: string): Promise<User | null> {
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
  // An unknown email still pays for one hash, so response time does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !ok || user.role === 'GUEST') return null;
  if (needsRehash(user.passwordHash)) {
    await tdb.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(tdb.where(users, eq(users._id, user._id)));
  }
  return user;
}

/** Opens a session row for the user and answers with a token bound to it and to this tenant. */
async function grant(tdb: TenantDb, secret: string, user: User, authType: AuthType | 'client_credentials'): Promise<TokenResponse> {
  // The session lives exactly as long as its token; there are no refresh tokens, so signing in again starts a new one.
  const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const session = await tdb.db
    .insert(sessions)
    .values(tdb.values(sessions, { userId: user._id, authType, expiresAt }))
    .returning({ _id: sessions._id })
    .get();
  const { token, expiresIn } = await signAccessToken(secret, {
    sub: user._id,
    tid: tdb.tenantId,
    sid: session._id,
    role: user.role,
    guest: user.role === 'GUEST',
  });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, oauthUser: await toPublicUser(tdb, user) };
}

export const authRoutes = new Hono<AppBindings>()
  .post('/oauth/token', validate('form', tokenRequest), async (c) => {
    const tdb = tenantDb(c);
    const body = c.req.valid('form');

    if (body.grant_type === 'client_credentials') {
      const guest = await tdb.db
        .insert(users)
        .values(tdb.values(users, { role: 'GUEST', firstname: 'Guest', lastname: '' }))
        .returning()
        .get();
      return c.json(await grant(tdb, c.env.TOKEN_SECRET, guest, 'client_credentials'));
    }

    const { type, value } = splitUsername(body.username);
    if (type !== 'login') throw fieldError('username', 'unsupported auth type');
    const user = await passwordUser(tdb, value, body.password);
    if (!user) return c.json({ error: 'invalid_grant', error_description: INCORRECT, message: INCORRECT, errors: [] }, 401);
    return c.json(await grant(tdb, c.env.TOKEN_SECRET, user, type));
  })
  .post('/auth/sign-out', requireAuth, async (c) => {
    const tdb = tenantDb(c);
    await tdb.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(tdb.where(sessions, eq(sessions._id, authOf(c).sessionId), isNull(sessions.revokedAt)));
    return c.body(null, 204);
  });
