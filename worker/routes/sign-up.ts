import { Hono } from 'hono';
import { signUpRequest } from '../../schema/contracts/auth';
import type { AppBindings } from '../env';
import { callerOf, tooMany } from '../lib/rate-limit';
import { rememberSession } from '../lib/sessions';
import { signUp } from '../lib/sign-up';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

export const signUpRoutes = new Hono<AppBindings>().post('/sign-up', validate('json', signUpRequest), async (c) => {
  const input = { caller: await callerOf(c), authorization: c.req.header('authorization'), account: c.req.valid('json') };
  const signedUp = await signUp(tenantDb(c), c.env.TOKEN_SECRET, input);
  if ('refused' in signedUp) return tooMany(c, signedUp.refused);
  await rememberSession(c, signedUp.granted);
  return c.json(signedUp.granted.body, 201);
});
