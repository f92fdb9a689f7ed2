import { Hono } from 'hono';
import { fieldError } from '../../platform/errors';
import {
  adminPaymentHistoryQuery,
  PAYMENT_RECORD_MESSAGES,
  type PaymentHistoryRecord,
  type PaymentRecordAnswer,
  paymentHistoryQuery,
  paymentNoteBody,
  paymentNoteDeleteQuery,
} from '../../schema/contracts/payment-records';
import type { AppBindings } from '../env';
import { addPaymentNote, findPaymentRecord, listPaymentHistory, removePaymentNote } from '../lib/payments/payment-history';
import { ownPaymentViewer } from '../lib/payments/viewer';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requireRole, requireTenantGrant } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const canEdit = [requireAuth, requirePermission('paymentHistory', ['edit'])] as const;

/**
 * Payment history (spec 2 sections 3, 4 and 7; issue 31): a student's or parent's own payments, every payment for an
 * admin who may view them, and the admins' notes, whose changes answer the whole record.
 */
export const paymentHistoryRoutes = new Hono<AppBindings>()
  .get(
    '/payment-history',
    requireAuth,
    requireAccount,
    requireRole('STUDENT', 'PARENT'),
    requireTenantGrant({ billing: ['view'] }, 'Billing is not available on this site'),
    validate('query', paymentHistoryQuery),
    async (c) => {
      const tdb = tenantDb(c);
      return c.json(await listPaymentHistory(tdb, ownPaymentViewer(tdb, authOf(c)), c.req.valid('query')));
    },
  )
  .get('/admin/payment-history', requireAuth, requirePermission('paymentHistory', ['view']), validate('query', adminPaymentHistoryQuery), async (c) =>
    c.json(await listPaymentHistory(tenantDb(c), { kind: 'admin' }, c.req.valid('query'))),
  )
  .post('/admin/payment-history/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    // The record first: another tenant's or an unknown id is 404 before the body is read.
    await findPaymentRecord(tdb, c.req.param('id'));
    const { note } = await parseJson(c, paymentNoteBody);
    const answer: PaymentRecordAnswer<PaymentHistoryRecord> = {
      message: PAYMENT_RECORD_MESSAGES.noteAdded,
      doc: await addPaymentNote(tdb, authOf(c), c.req.param('id'), note),
    };
    return c.json(answer, 201);
  })
  .delete('/admin/payment-history/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    const id = c.req.param('id');
    await findPaymentRecord(tdb, id);
    const query = await parseQuery(c, paymentNoteDeleteQuery);
    if (query.id !== undefined && query.id !== id) throw fieldError('id', 'must be the record named in the path');
    const answer: PaymentRecordAnswer<PaymentHistoryRecord> = {
      message: PAYMENT_RECORD_MESSAGES.noteDeleted,
      doc: await removePaymentNote(tdb, id, query.noteId),
    };
    return c.json(answer);
  });
