import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { type PremiumDetailsStarted, premiumDetailsInput, premiumOfferInput, premiumSessionInput } from '../../schema/contracts/premium';
import type { AppBindings } from '../env';
import { requirePayments } from '../lib/payments/adapter';
import { offerOnSale, premiumOffer, premiumStatus, savePremiumOffer, startPremiumCheckout } from '../lib/payments/premium';
import { callerOf, tooMany } from '../lib/rate-limit';
import { rememberSession } from '../lib/sessions';
import { signUp } from '../lib/sign-up';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requireRole } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const origin = (url: string) => new URL(url).origin;

/**
 * The premium upgrade (spec 2's `stripe/premium/*` calls): unlimited self-study bought once for some months, at the
 * tenant's one price, which its admins set with the plans.
 */
export const premiumRoutes = new Hono<AppBindings>()
  .get('/admin/premium-offer', requireAuth, requirePermission('subscriptionPlans', ['view']), async (c) => c.json({ offer: await premiumOffer(tenantDb(c)) }))
  .put('/admin/premium-offer', requireAuth, requirePermission('subscriptionPlans', ['edit']), validate('json', premiumOfferInput), async (c) =>
    c.json({ offer: await savePremiumOffer(tenantDb(c), authOf(c), c.req.valid('json')) }),
  )
  // The price is the tenant's, the same for everyone, so it is shown before anyone signs up.
  .post('/stripe/premium/getProductPrice', async (c) => c.json(await offerOnSale(tenantDb(c))))
  .get('/stripe/premium/:id', requireAuth, requireAccount, validate('param', idParam), async (c) =>
    c.json(await premiumStatus(tenantDb(c), authOf(c), c.req.valid('param').id)),
  )
  .post('/stripe/premium/createSession', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('json', premiumSessionInput), async (c) => {
    const adapter = requirePayments(c.env);
    return c.json(await startPremiumCheckout(tenantDb(c), authOf(c), adapter, c.req.valid('json'), origin(c.req.url)));
  })
  // Someone without an account: the student's account is made (within sign-up's throttle) and signed in, then Checkout.
  .post('/stripe/premium/createSessionWithDetails', validate('json', premiumDetailsInput), async (c) => {
    const adapter = requirePayments(c.env);
    const tdb = tenantDb(c);
    await offerOnSale(tdb);
    const input = { caller: await callerOf(c), authorization: c.req.header('authorization'), account: { ...c.req.valid('json'), role: 'STUDENT' as const } };
    const signedUp = await signUp(tdb, c.env.TOKEN_SECRET, input);
    if ('refused' in signedUp) return tooMany(c, signedUp.refused);
    await rememberSession(c, signedUp.granted);
    const student = signedUp.granted.body.oauthUser;
    const actor = { userId: student._id, role: 'STUDENT' as const, actingUserId: student._id };
    const { url } = await startPremiumCheckout(tdb, actor, adapter, {}, origin(c.req.url));
    const body: PremiumDetailsStarted = { ...signedUp.granted.body, user: student, session: { url } };
    return c.json(body, 201);
  });
