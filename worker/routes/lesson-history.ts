import { Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import {
  adminLessonHistoryQuery,
  adminNoteBody,
  adminNoteDeleteQuery,
  classExtensionBody,
  LEDGER_MESSAGES,
  lessonHistoryQuery,
  raiseConcernBody,
  respondToConcernBody,
  trialConversionBody,
  tutorPaymentAdjustmentBody,
  tutorPenaltyBody,
  updateTutorPaymentStatusBody,
} from '../../schema/contracts/lesson-history';
import { myPayQuery } from '../../schema/contracts/pay-runs';
import type { AppBindings } from '../env';
import { adminMay, ownViewer } from '../lib/ledger/access';
import { findHistory, historyByIds, listHistory, tutorView, viewFor } from '../lib/ledger/history';
import {
  addHistoryNote,
  adjustTutorPayment,
  raiseConcern,
  removeHistoryNote,
  respondToConcern,
  updateClassExtension,
  updateTrialConversion,
  updateTutorPaymentStatus,
  updateTutorPenalty,
} from '../lib/ledger/history-edits';
import { myPay } from '../lib/ledger/my-pay';
import { findWaiver } from '../lib/ledger/waivers';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission, requireRole } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const canEdit = [requireAuth, requirePermission('lessonHistory', ['edit'])] as const;

/**
 * Lesson history (spec 1 section 7; issue 30): a tutor's and a learner's own rows, the admin list with totals per
 * currency, one row, a tutor's concern and every admin edit. `/lesson-history/my-pay` comes before `/:id`.
 */
export const lessonHistoryRoutes = new Hono<AppBindings>()
  .get('/lesson-history', requireAuth, requireRole('TUTOR', 'STUDENT', 'PARENT'), validate('query', lessonHistoryQuery), async (c) => {
    const tdb = tenantDb(c);
    const viewer = ownViewer(tdb, authOf(c));
    if (!viewer) throw new ApiError(403, 'You do not have permission to do this');
    const q = c.req.valid('query');
    return c.json(await listHistory(tdb, viewer, q, viewer.kind === 'tutor' && q.includeTutorAmountData === true));
  })
  .get('/admin/lesson-history', requireAuth, requirePermission('lessonHistory', ['view']), validate('query', adminLessonHistoryQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listHistory(tenantDb(c), { kind: 'admin' }, q, q.includeTutorAmountData !== false));
  })
  .get('/lesson-history/my-pay', requireAuth, requireRole('TUTOR'), validate('query', myPayQuery), async (c) => {
    return c.json(await myPay(tenantDb(c), authOf(c), c.req.valid('query')));
  })
  .put('/lesson-history/tutor-payments/raise-concern', requireAuth, requireRole('TUTOR'), validate('json', raiseConcernBody), async (c) => {
    const doc = tutorView(await raiseConcern(tenantDb(c), authOf(c), c.req.valid('json')));
    return c.json({ message: LEDGER_MESSAGES.concernRaised, doc });
  })
  .put('/lesson-history/tutor-payments/respond-to-concern', ...canEdit, validate('json', respondToConcernBody), async (c) => {
    const doc = await respondToConcern(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.concernResponded, doc });
  })
  .put('/lesson-history/tutor-payments/adjustments', ...canEdit, validate('json', tutorPaymentAdjustmentBody), async (c) => {
    const tdb = tenantDb(c);
    const id = await adjustTutorPayment(tdb, authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.tutorPaymentAdjusted, doc: await findWaiver(tdb, id) }, 201);
  })
  .put('/lesson-history/update-tutor-payment-status', ...canEdit, validate('json', updateTutorPaymentStatusBody), async (c) => {
    const tdb = tenantDb(c);
    const ids = await updateTutorPaymentStatus(tdb, authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.paymentStatusUpdated, docs: await historyByIds(tdb, ids) });
  })
  .put('/lesson-history/class-extension', ...canEdit, validate('json', classExtensionBody), async (c) => {
    const doc = await updateClassExtension(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.classExtensionUpdated, doc });
  })
  .put('/lesson-history/tutor-penalty', ...canEdit, validate('json', tutorPenaltyBody), async (c) => {
    const doc = await updateTutorPenalty(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.tutorPenaltyUpdated, doc });
  })
  .put('/lesson-history/trial-conversion', ...canEdit, validate('json', trialConversionBody), async (c) => {
    const doc = await updateTrialConversion(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.trialConversionUpdated, doc });
  })
  .post('/lesson-history/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    // The row first: another tenant's or an unknown id is 404 before the body is read.
    await findHistory(tdb, { kind: 'admin' }, c.req.param('id'));
    const { note } = await parseJson(c, adminNoteBody);
    return c.json({ message: LEDGER_MESSAGES.noteAdded, doc: await addHistoryNote(tdb, authOf(c), c.req.param('id'), note) }, 201);
  })
  .delete('/lesson-history/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    await findHistory(tdb, { kind: 'admin' }, c.req.param('id'));
    const { noteId } = await parseQuery(c, adminNoteDeleteQuery);
    return c.json({ message: LEDGER_MESSAGES.noteDeleted, doc: await removeHistoryNote(tdb, c.req.param('id'), noteId) });
  })
  .get('/lesson-history/:id', requireAuth, async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    if (actor.role === 'ADMIN') {
      if (!(await adminMay(tdb, c.get('tenant'), actor, { lessonHistory: ['view'] }))) {
        throw new ApiError(403, 'You do not have permission to do this (lessonHistory: view)');
      }
      return c.json(viewFor({ kind: 'admin' }, await findHistory(tdb, { kind: 'admin' }, c.req.param('id'))));
    }
    const viewer = ownViewer(tdb, actor);
    if (!viewer) throw new ApiError(404, 'Lesson history was not found');
    return c.json(viewFor(viewer, await findHistory(tdb, viewer, c.req.param('id'))));
  });
