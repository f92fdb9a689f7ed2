import { Hono } from 'hono';
import { fieldError } from '../../platform/errors';
import {
  adminTransactionLogQuery,
  PAYMENT_RECORD_MESSAGES,
  type PaymentRecordAnswer,
  paymentNoteBody,
  paymentNoteDeleteQuery,
  type TransactionLogRecord,
  transactionLogQuery,
} from '../../schema/contracts/payment-records';
import type { AppBindings } from '../env';
import { addTransactionLogNote, findTransactionLog, listTransactionLogs, removeTransactionLogNote } from '../lib/payments/transaction-logs';
import { ownPaymentViewer } from '../lib/payments/viewer';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requireRole, requireTenantGrant } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const canEdit = [requireAuth, requirePermission('transactionLogs', ['edit'])] as const;

/**
 * Transaction logs (spec 2 sections 3, 4 and 7; issue 31): every movement of a balance (the credit entries), a
 * student's own or a parent's children's, every one for an admin who may view them, and the admins' notes, whose
 * changes answer the whole record.
 */
export const transactionLogRoutes = new Hono<AppBindings>()
  .get(
    '/transaction-logs',
    requireAuth,
    requireAccount,
    requireRole('STUDENT', 'PARENT'),
    requireTenantGrant({ billing: ['view'] }, 'Billing is not available on this site'),
    validate('query', transactionLogQuery),
    async (c) => {
      const tdb = tenantDb(c);
      return c.json(await listTransactionLogs(tdb, ownPaymentViewer(tdb, authOf(c)), c.req.valid('query')));
    },
  )
  .get('/admin/transaction-logs', requireAuth, requirePermission('transactionLogs', ['view']), validate('query', adminTransactionLogQuery), async (c) =>
    c.json(await listTransactionLogs(tenantDb(c), { kind: 'admin' }, c.req.valid('query'))),
  )
  .post('/admin/transaction-logs/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    // The record first: another tenant's or an unknown id is 404 before the body is read.
    await findTransactionLog(tdb, c.req.param('id'));
    const { note } = await parseJson(c, paymentNoteBody);
    const answer: PaymentRecordAnswer<TransactionLogRecord> = {
      message: PAYMENT_RECORD_MESSAGES.noteAdded,
      doc: await addTransactionLogNote(tdb, authOf(c), c.req.param('id'), note),
    };
    return c.json(answer, 201);
  })
  .delete('/admin/transaction-logs/admin-notes/:id', ...canEdit, async (c) => {
    const tdb = tenantDb(c);
    const id = c.req.param('id');
    await findTransactionLog(tdb, id);
    const query = await parseQuery(c, paymentNoteDeleteQuery);
    if (query.id !== undefined && query.id !== id) throw fieldError('id', 'must be the record named in the path');
    const answer: PaymentRecordAnswer<TransactionLogRecord> = {
      message: PAYMENT_RECORD_MESSAGES.noteDeleted,
      doc: await removeTransactionLogNote(tdb, id, query.noteId),
    };
    return c.json(answer);
  });
