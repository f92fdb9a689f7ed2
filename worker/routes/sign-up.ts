import { Hono } from 'hono';
import { signUpRequest } from '../../schema/contracts/auth';
import type { AppBindings } from '../env';
import { callerOf, reserveAttempt, THROTTLES, throttleKeys, tooMany } from '../lib/rate-limit';
import { rememberSession } from '../lib/sessions';
import { guestSessionOf, signUp } from '../lib/sign-up';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

export const signUpRoutes = new Hono<AppBindings>().post('/sign-up', validate('json', signUpRequest), async (c) => {
  const tdb = tenantDb(c);
  const caller = await callerOf(c);
  const refused = await reserveAttempt(tdb.db, [{ key: throttleKeys.signUp(tdb.tenantId, caller), policy: THROTTLES.signUp }], 'sign-ups');
  if (refused) return tooMany(c, refused);
  const guest = await guestSessionOf(tdb, c.env.TOKEN_SECRET, c.req.header('authorization'));
  const granted = await signUp(tdb, c.env.TOKEN_SECRET, guest, c.req.valid('json'));
  await rememberSession(c, granted);
  return c.json(granted.body, 201);
});
