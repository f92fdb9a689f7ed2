import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { LEDGER_MESSAGES } from '../../schema/contracts/lesson-history';
import {
  appealBody,
  appealRespondBody,
  createManualAdjustmentBody,
  createPaymentAdjustmentBody,
  createPenaltyWaiverBody,
  manualAdjustmentListQuery,
  penaltyWaiverListQuery,
  tutorWaiverListQuery,
  updateWaiverPaymentStatusBody,
} from '../../schema/contracts/penalty-waivers';
import type { AppBindings } from '../env';
import { appealWaiver, createAdjustment, createWaiver, findWaiver, listWaivers, respondToAppeal, updateWaiverPaymentStatus } from '../lib/ledger/waivers';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission, requireRole } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const waiversOnly = { manual: false } as const;

/**
 * Penalty waivers and appeals (spec 1 section 7), the tutor's side of them, and spec 2's manual adjustments and
 * payment adjustments, all one ledger (worker/lib/ledger/waivers.ts).
 */
export const penaltyWaiverRoutes = new Hono<AppBindings>()
  // The list also opens for the appeal requests tab (penaltyWaivers: appealRequest).
  .get(
    '/admin/penalty-waivers',
    requireAuth,
    requirePermission('penaltyWaivers', ['view', 'appealRequest']),
    validate('query', penaltyWaiverListQuery),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await listWaivers(tenantDb(c), waiversOnly, q, q.includeTutorAmountData !== false));
    },
  )
  .post('/admin/penalty-waivers', requireAuth, requirePermission('penaltyWaivers', ['create']), validate('json', createPenaltyWaiverBody), async (c) => {
    const doc = await createWaiver(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.penaltyWaiverCreated, doc }, 201);
  })
  .put(
    '/admin/penalty-waivers/update-tutor-payment-status',
    requireAuth,
    requirePermission('penaltyWaivers', ['create']),
    validate('json', updateWaiverPaymentStatusBody),
    async (c) => {
      const docs = await updateWaiverPaymentStatus(tenantDb(c), authOf(c), c.req.valid('json'));
      return c.json({ message: LEDGER_MESSAGES.paymentStatusUpdated, docs });
    },
  )
  .put('/admin/penalty-waivers/:penaltyWaiverId/appeal-respond', requireAuth, requirePermission('penaltyWaivers', ['respond']), async (c) => {
    const tdb = tenantDb(c);
    const id = c.req.param('penaltyWaiverId');
    await findWaiver(tdb, id);
    const doc = await respondToAppeal(tdb, authOf(c), id, await parseJson(c, appealRespondBody));
    return c.json({ message: LEDGER_MESSAGES.appealResponded, doc });
  })
  .get('/admin/penalty-waivers/:id', requireAuth, requirePermission('penaltyWaivers', ['view', 'appealRequest']), validate('param', idParam), async (c) => {
    return c.json(await findWaiver(tenantDb(c), c.req.valid('param').id, waiversOnly));
  })
  .get('/penalty-waivers', requireAuth, requireRole('TUTOR'), validate('query', tutorWaiverListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listWaivers(tenantDb(c), { tutorId: authOf(c).userId }, q, q.includeTutorAmountData === true));
  })
  .post('/penalty-waivers/:id/appeal', requireAuth, requireRole('TUTOR'), async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    // Another tutor's or tenant's row is 404 before the body is read.
    await findWaiver(tdb, c.req.param('id'), { tutorId: actor.userId });
    const doc = await appealWaiver(tdb, actor, c.req.param('id'), await parseJson(c, appealBody));
    return c.json({ message: LEDGER_MESSAGES.appealRequested, doc });
  })
  // Manual adjustments (spec 2 section 7).
  .get('/admin/manual-adjustments', requireAuth, requirePermission('manualAdjustments', ['view']), validate('query', manualAdjustmentListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listWaivers(tenantDb(c), { manual: true }, q, q.includeTutorAmountData !== false));
  })
  .post(
    '/admin/manual-adjustments',
    requireAuth,
    requirePermission('manualAdjustments', ['create']),
    validate('json', createManualAdjustmentBody),
    async (c) => {
      const doc = await createAdjustment(tenantDb(c), authOf(c), c.req.valid('json'));
      return c.json({ message: LEDGER_MESSAGES.manualAdjustmentCreated, doc }, 201);
    },
  )
  // Spec 2: "Admin settings: … POST payment-adjustments with a payload", filed under a settings category.
  .post(
    '/admin/settings/payment-adjustments',
    requireAuth,
    requirePermission('adjustments', ['create']),
    validate('json', createPaymentAdjustmentBody),
    async (c) => {
      const doc = await createAdjustment(tenantDb(c), authOf(c), c.req.valid('json'));
      return c.json({ message: LEDGER_MESSAGES.paymentAdjustmentCreated, doc }, 201);
    },
  );
