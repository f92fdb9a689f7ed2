import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import {
  adminInvoiceQuery,
  createInvoiceInput,
  type DrawnInvoices,
  drawInvoicesInput,
  drawPreviewInput,
  INVOICE_MESSAGES,
  type InvoiceAnswer,
  invoicePaymentInput,
  invoiceQuery,
  updateInvoiceInput,
} from '../../schema/contracts/invoices';
import { adminNoteBody, adminNoteDeleteQuery } from '../../schema/contracts/lesson-history';
import type { CheckoutStarted } from '../../schema/contracts/payments';
import type { AppBindings } from '../env';
import { previewDraw } from '../lib/invoices/draw';
import { startInvoiceCheckout } from '../lib/invoices/pay';
import { adminInvoice, findInvoiceRow, listInvoices, listOwnInvoices, ownInvoice } from '../lib/invoices/records';
import { sendInvoices } from '../lib/invoices/send';
import { addInvoiceNote, createInvoices, removeInvoiceNote, updateInvoice } from '../lib/invoices/write';
import { mailFrom } from '../lib/mail-from';
import { requirePayments } from '../lib/payments/adapter';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requireRole } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const may = (action: 'view' | 'create' | 'edit') => [requireAuth, requirePermission('invoices', [action])] as const;
/** Invoices are paid by the family they bill: a parent, or a student paying their own. */
const payer = [requireAuth, requireAccount, requireRole('STUDENT', 'PARENT')] as const;

/**
 * Invoices (spec 2 section 7; issue 31): the admin's list, one invoice, create, edit or void, send-mail and notes,
 * all behind the `invoices` flags, and the draw from the ledger's lessons; the payer's own list, one invoice, and
 * Checkout for it (by body or by path, as the spec has both).
 */
export const invoiceRoutes = new Hono<AppBindings>()
  .get('/admin/invoices', ...may('view'), validate('query', adminInvoiceQuery), async (c) => c.json(await listInvoices(tenantDb(c), c.req.valid('query'))))
  .post('/admin/invoices', ...may('create'), validate('json', createInvoiceInput), async (c) => {
    const [doc] = await createInvoices(tenantDb(c), authOf(c), [c.req.valid('json')], { period: null, paths: () => '' });
    const body: InvoiceAnswer = { message: INVOICE_MESSAGES.created, doc: doc! };
    return c.json(body, 201);
  })
  .post('/admin/invoices/draw/preview', ...may('create'), validate('json', drawPreviewInput), async (c) =>
    c.json(await previewDraw(tenantDb(c), c.req.valid('json'))),
  )
  .post('/admin/invoices/draw', ...may('create'), validate('json', drawInvoicesInput), async (c) => {
    const tdb = tenantDb(c);
    const { invoices, send, periodStart, periodEnd } = c.req.valid('json');
    const made = await createInvoices(tdb, authOf(c), invoices, { period: { periodStart, periodEnd }, paths: (i) => `invoices.${i}.`, sending: send });
    const docs = send
      ? await sendInvoices(
          tdb,
          made.map((m) => m._id),
          mailFrom(c),
        )
      : made;
    const body: DrawnInvoices = { message: send ? INVOICE_MESSAGES.drawnSent : INVOICE_MESSAGES.drawnCreated, docs };
    return c.json(body, 201);
  })
  .post('/admin/invoices/send-mail/:id', ...may('edit'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { _id } = await findInvoiceRow(tdb, c.req.valid('param').id);
    const [doc] = await sendInvoices(tdb, [_id], mailFrom(c));
    const body: InvoiceAnswer = { message: INVOICE_MESSAGES.sent, doc: doc! };
    return c.json(body);
  })
  // The invoice first: another tenant's or an unknown id is 404 before the body is read.
  .post('/admin/invoices/admin-notes/:id', ...may('edit'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { _id } = await findInvoiceRow(tdb, c.req.valid('param').id);
    const { note } = await parseJson(c, adminNoteBody);
    const body: InvoiceAnswer = { message: INVOICE_MESSAGES.noteAdded, doc: await addInvoiceNote(tdb, authOf(c), _id, note) };
    return c.json(body, 201);
  })
  .delete('/admin/invoices/admin-notes/:id', ...may('edit'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { _id } = await findInvoiceRow(tdb, c.req.valid('param').id);
    const { noteId } = await parseQuery(c, adminNoteDeleteQuery);
    const body: InvoiceAnswer = { message: INVOICE_MESSAGES.noteDeleted, doc: await removeInvoiceNote(tdb, _id, noteId) };
    return c.json(body);
  })
  .get('/admin/invoices/:id', ...may('view'), validate('param', idParam), async (c) => c.json(await adminInvoice(tenantDb(c), c.req.valid('param').id)))
  .put('/admin/invoices/:id', ...may('edit'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { _id } = await findInvoiceRow(tdb, c.req.valid('param').id);
    const input = await parseJson(c, updateInvoiceInput);
    const doc = await updateInvoice(tdb, _id, input);
    const body: InvoiceAnswer = { message: input.status === 'VOID' ? INVOICE_MESSAGES.voided : INVOICE_MESSAGES.updated, doc };
    return c.json(body);
  })
  .get('/invoices', ...payer, validate('query', invoiceQuery), async (c) => c.json(await listOwnInvoices(tenantDb(c), authOf(c), c.req.valid('query'))))
  .post('/invoices/stripe', ...payer, validate('json', invoicePaymentInput), async (c) => {
    const adapter = requirePayments(c.env);
    const started: CheckoutStarted = await startInvoiceCheckout(tenantDb(c), authOf(c), adapter, c.req.valid('json').id, new URL(c.req.url).origin);
    return c.json(started);
  })
  .post('/invoices/stripe/session/:id', ...payer, validate('param', idParam), async (c) => {
    const adapter = requirePayments(c.env);
    const started: CheckoutStarted = await startInvoiceCheckout(tenantDb(c), authOf(c), adapter, c.req.valid('param').id, new URL(c.req.url).origin);
    return c.json(started);
  })
  .get('/invoices/:id', ...payer, validate('param', idParam), async (c) => c.json(await ownInvoice(tenantDb(c), authOf(c), c.req.valid('param').id)));
