import { env } from 'cloudflare:workers';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import type { ListResponse } from '../../schema/contracts/common';
import type { AdminInvoiceRecord, DrawnInvoices, InvoiceAnswer, InvoiceDrawPreview, InvoiceLineInput, InvoiceRecord } from '../../schema/contracts/invoices';
import type { CheckoutStarted, PaymentSummary } from '../../schema/contracts/payments';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { emailOutbox, invoiceCounters, invoices, lessonHistory, paymentHistory, paymentSessions, users } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { closeEndedLessons } from '../../worker/lib/jobs/close-ended-lessons';
import { remindOverdueInvoices } from '../../worker/lib/jobs/invoice-reminders';
import { scopedDb } from '../../worker/lib/tenant-db';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, type ErrorJson, expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const T = TENANT_IDS.studyhall;
const P = TENANT_IDS.brightpath;
const SAM = DEMO_USERS.student._id;
const MAYA = DEMO_USERS.student2._id;
const PARENT = DEMO_USERS.parent._id;
const THEO = DEMO_USERS.tutor._id;
const PARTNER_LEARNER = DEMO_USERS.partnerLearner._id;
const DAY = 24 * 60 * 60_000;

let as: Callers;
let maya: string;
let partnerLearner: string;

/** Last calendar month in UTC: the seed puts a maths lesson (Sam) and a physics lesson (Sam and Maya) on its 10th. */
function lastMonth() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
  return { periodStart: start.toISOString(), periodEnd: end.toISOString() };
}

const dueIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
}

const preview = async (body: Record<string, unknown> = lastMonth(), token = as.admin, host = 'localhost') =>
  json<InvoiceDrawPreview>(await call('POST', '/admin/invoices/draw/preview', token, body, host));

/** A manual invoice to `userId`, made by the admin. */
async function create(userId: string, lines: InvoiceLineInput[], extra: Record<string, unknown> = {}) {
  const body = { userId, currency: 'SGD', dueAt: dueIn(14), lines, ...extra };
  return (await json<InvoiceAnswer>(await call('POST', '/admin/invoices', as.admin, body), 201)).doc;
}

const workbook = (unitAmount = 2500): InvoiceLineInput => ({ description: 'Workbook', unitAmount });

const outboxTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt)).all();

async function tenantNumbers(tenantId: string = T) {
  const rows = await db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.tenantId, tenantId)).orderBy(asc(invoices.invoiceNumber)).all();
  return rows.map((r) => r.n);
}

/** 1, 2, … n: no gap and no repeat. */
const gapless = (numbers: number[]) => numbers.every((n, i) => n === i + 1);

async function payThroughCheckout(url: string) {
  const sessionId = url.split('/dev/checkout/')[1]!;
  const paid = await api(`/dev/checkout/${sessionId}/pay`, { method: 'POST' });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return sessionId;
}

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  maya = await signIn('student2@studyhall.test');
  partnerLearner = await signIn('learner@partner.test', PARTNER_HOST);
  // The past seeded lessons go into the ledger by the close job, as they do on start-up.
  await closeEndedLessons(scopedDb(databaseFor(env.DB), T), 'invoices-test', new Date());
});

describe('drawing invoices from the lessons', () => {
  let drawn: AdminInvoiceRecord;

  it("previews one invoice per family from last month's recorded lessons, at each student's hourly price", async () => {
    const { drafts } = await preview();
    expect(drafts).toHaveLength(1);
    const [family] = drafts;
    expect(family!.payer).toMatchObject({ _id: PARENT, firstname: 'Pat', email: 'parent@studyhall.test' });
    expect(family!.currency).toBe('SGD');
    // The smallest pack offered (Starter, 5 h for SGD 300.00) makes SGD 60.00 an hour; each lesson was booked for an hour.
    expect(family!.lines.map((l) => [l.studentId, l.sectionId, l.minutes, l.unitAmount, l.amount])).toEqual([
      [SAM, SEED_COURSE_IDS.mathsLastMonth, 60, 6000, 6000],
      [SAM, SEED_COURSE_IDS.physicsLastMonth, 60, 6000, 6000],
      [MAYA, SEED_COURSE_IDS.physicsLastMonth, 60, 6000, 6000],
    ]);
    expect(family!.total).toBe(18_000);
    expect(family!.lines[0]!.priceNote).toBe('Starter pack, 5 hours costs Sam SGD 300.00 for 5 h, so SGD 60.00 an hour.');
    expect(family!.lines[0]!.description).toMatch(/^Mathematics revision \(IGCSE Mathematics with Theo\), \w{3}, 10 \w{3} \d{4}$/);
    expect(family!.lines.every((l) => l.priced)).toBe(true);
  });

  it('narrows the preview to the families asked for, and writes nothing', async () => {
    expect((await preview({ ...lastMonth(), userIds: [PARENT] })).drafts).toHaveLength(1);
    expect((await preview({ ...lastMonth(), userIds: [SAM] })).drafts).toEqual([]);
    expect(await tenantNumbers()).toEqual([]);
  });

  it('makes the edited drafts together, sends them with a link to each invoice, and never offers those lessons again', async () => {
    const [draft] = (await preview()).drafts;
    const lines = draft!.lines.map((l, i) => ({ ...l, unitAmount: i === 0 ? 5000 : l.unitAmount }));
    const body = { ...lastMonth(), send: true, invoices: [{ userId: PARENT, currency: 'SGD', dueAt: draft!.dueAt, lines }] };
    const answer = await json<DrawnInvoices>(await call('POST', '/admin/invoices/draw', as.admin, body), 201);
    expect(answer.message).toBe('Invoices sent!');
    [drawn] = answer.docs as [AdminInvoiceRecord];
    expect(drawn).toMatchObject({ invoiceNumber: 1, status: 'PENDING', currency: 'SGD', total: 17_000, payer: { _id: PARENT } });
    expect(drawn.students.map((s) => s._id)).toEqual([SAM, MAYA]);
    expect(drawn.lines.map((l) => l.lessonHistoryId)).toEqual(draft!.lines.map((l) => l.lessonHistoryId));
    expect(drawn.periodStart).toBe(lastMonth().periodStart);
    expect(drawn.sentAt).not.toBeNull();
    const [mail] = await outboxTo('parent@studyhall.test');
    expect(mail!.subject).toBe('Invoice 1 from Studyhall: SGD 170.00');
    expect(mail!.text).toContain(`http://localhost/learning-portal/portal/invoices/${drawn._id}`);
    expect(mail!.text).toContain('Total: SGD 170.00');
    expect((await preview()).drafts).toEqual([]);
  });

  it('refuses a lesson that is already on a live invoice, naming the line, and uses up no number', async () => {
    const lesson = drawn.lines[0]!;
    const body = { ...lastMonth(), invoices: [{ userId: PARENT, currency: 'SGD', dueAt: dueIn(14), lines: [{ ...lesson, unitAmount: 100 }] }] };
    const res = await call('POST', '/admin/invoices/draw', as.admin, body);
    expect(res.status).toBe(409);
    const error = await res.json<ErrorJson>();
    expect(error.errors[0]).toEqual({ path: 'invoices.0.lines.0.lessonHistoryId', message: 'is already on invoice 1' });
    const counter = await db.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, T)).get();
    expect(counter?.lastNumber).toBe(1);
  });

  it('refuses lines that do not belong to the payer: another family, a lesson of theirs, an unknown lesson, a bad period', async () => {
    const samsLesson = drawn.lines.find((l) => l.studentId === SAM)!.lessonHistoryId;
    const invoice = (userId: string, lines: unknown[]) => ({ ...lastMonth(), invoices: [{ userId, currency: 'SGD', dueAt: dueIn(14), lines }] });
    const draw = (body: unknown) => call('POST', '/admin/invoices/draw', as.admin, body);
    await expectFieldError(
      await draw(invoice(MAYA, [{ description: 'x', lessonHistoryId: samsLesson, unitAmount: 100 }])),
      'invoices.0.lines.0.lessonHistoryId',
    );
    await expectFieldError(await draw(invoice(MAYA, [{ description: 'x', studentId: SAM, unitAmount: 100 }])), 'invoices.0.lines.0.studentId');
    await expectFieldError(
      await draw(invoice(PARENT, [{ description: 'x', lessonHistoryId: 'no_such_lesson', unitAmount: 100 }])),
      'invoices.0.lines.0.lessonHistoryId',
    );
    await expectFieldError(await draw(invoice(THEO, [workbook()])), 'invoices.0.userId');
    await expectFieldError(await draw(invoice(PARENT, [])), 'invoices.0.lines');
    await expectFieldError(await draw({ ...invoice(PARENT, [workbook()]), periodStart: '2030-02-01', periodEnd: '2030-01-01' }), 'periodEnd');
    await expectFieldError(await call('POST', '/admin/invoices/draw/preview', as.admin, { periodStart: '2030-02-01', periodEnd: '2030-01-01' }), 'periodEnd');
    await expectFieldError(await call('POST', '/admin/invoices/draw/preview', as.admin, { periodStart: 'last month' }), 'periodStart');
    expect(await tenantNumbers()).toEqual([1]);
  });

  it('refuses to make and send an invoice to a payer with no e-mail address, before anything is made', async () => {
    const quiet = 'user_quiet_payer';
    await db.insert(users).values({ _id: quiet, tenantId: T, role: 'STUDENT', firstname: 'Quinn', lastname: 'Quiet', onboarded: true });
    const body = { ...lastMonth(), send: true, invoices: [{ userId: quiet, currency: 'SGD', dueAt: dueIn(14), lines: [workbook()] }] };
    await expectFieldError(await call('POST', '/admin/invoices/draw', as.admin, body), 'invoices.0.userId');
    expect(await tenantNumbers()).toEqual([1]);
  });

  it("offers a void invoice's lessons again, and never shows one tenant's lessons to another", async () => {
    await json<InvoiceAnswer>(await call('PUT', `/admin/invoices/${drawn._id}`, as.admin, { status: 'VOID' }));
    expect((await preview()).drafts[0]!.lines).toHaveLength(3);
    expect((await preview(lastMonth(), as.partner, PARTNER_HOST)).drafts).toEqual([]);
  });

  it('neither offers nor takes a lesson that is not billable', async () => {
    const samsLesson = drawn.lines[0]!.lessonHistoryId!;
    await db.update(lessonHistory).set({ billingKind: 'NON_BILLABLE' }).where(eq(lessonHistory._id, samsLesson));
    try {
      expect((await preview()).drafts.flatMap((d) => d.lines.map((l) => l.lessonHistoryId))).not.toContain(samsLesson);
      const body = {
        ...lastMonth(),
        invoices: [{ userId: PARENT, currency: 'SGD', dueAt: dueIn(14), lines: [{ description: 'x', lessonHistoryId: samsLesson, unitAmount: 100 }] }],
      };
      await expectFieldError(await call('POST', '/admin/invoices/draw', as.admin, body), 'invoices.0.lines.0.lessonHistoryId');
    } finally {
      await db.update(lessonHistory).set({ billingKind: 'BILLABLE' }).where(eq(lessonHistory._id, samsLesson));
    }
  });

  it('leaves out the lessons of a course the student bought, whose price paid for them', async () => {
    const mayasLesson = await db
      .select()
      .from(lessonHistory)
      .where(and(eq(lessonHistory.studentId, MAYA), eq(lessonHistory.sectionId, SEED_COURSE_IDS.physicsLastMonth)))
      .get();
    const lessonIdsOf = async () => (await preview()).drafts.flatMap((d) => d.lines.map((l) => l.lessonHistoryId));
    expect(await lessonIdsOf()).toContain(mayasLesson!._id);
    const url = 'http://localhost/learning-portal/payment/success';
    const session = await db
      .insert(paymentSessions)
      .values({
        tenantId: T,
        payerId: PARENT,
        studentId: MAYA,
        paymentType: 'COURSE',
        itemKind: 'course',
        itemId: mayasLesson!.courseId,
        courseId: mayasLesson!.courseId,
        description: 'Physics group',
        amount: 20_000,
        currency: 'SGD',
        status: 'PAID',
        provider: 'simulated',
        providerSessionId: 'cs_sim_course_paid',
        successUrl: url,
        cancelUrl: url,
      })
      .returning()
      .get();
    const paid = { tenantId: T, paymentSessionId: session._id, userId: PARENT, studentId: MAYA, paymentType: 'COURSE' as const };
    const row = await db
      .insert(paymentHistory)
      .values({ ...paid, description: 'Physics group', amount: 20_000, currency: 'SGD', status: 'PAID', provider: 'simulated', paidAt: new Date() })
      .returning()
      .get();
    try {
      expect(await lessonIdsOf()).not.toContain(mayasLesson!._id);
    } finally {
      await db.delete(paymentHistory).where(eq(paymentHistory._id, row._id));
      await db.delete(paymentSessions).where(eq(paymentSessions._id, session._id));
    }
  });

  it('lets racing draws of the same lessons bill them once: the loser is refused and takes no number', async () => {
    const [draft] = (await preview()).drafts;
    const body = { ...lastMonth(), invoices: [{ userId: PARENT, currency: 'SGD', dueAt: draft!.dueAt, lines: draft!.lines }] };
    const results = await Promise.all([0, 1, 2].map(() => call('POST', '/admin/invoices/draw', as.admin, body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await tenantNumbers()).toEqual([1, 2]);
    expect((await preview()).drafts).toEqual([]);
  });
});

describe('numbering', () => {
  it('numbers concurrent invoices per tenant without a gap or a repeat', async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/admin/invoices', as.admin, { userId: SAM, currency: 'SGD', dueAt: dueIn(7), lines: [workbook(100 + i)] }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = await tenantNumbers();
    expect(gapless(numbers)).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("keeps each tenant's numbers apart", async () => {
    const res = await call(
      'POST',
      '/admin/invoices',
      as.partner,
      { userId: PARTNER_LEARNER, currency: 'MYR', dueAt: dueIn(7), lines: [workbook()] },
      PARTNER_HOST,
    );
    expect((await json<InvoiceAnswer>(res, 201)).doc.invoiceNumber).toBe(1);
    expect(await tenantNumbers(P)).toEqual([1]);
  });
});

describe('the admin calls', () => {
  let invoice: AdminInvoiceRecord;

  beforeAll(async () => {
    invoice = await create(SAM, [workbook(), { description: 'Extra lesson', studentId: SAM, minutes: 45, unitAmount: 6000 }]);
  });

  it('creates an invoice whose total is the sum of its lines, each line priced by its minutes', async () => {
    expect(invoice.lines.map((l) => l.amount)).toEqual([2500, 4500]);
    expect(invoice).toMatchObject({ status: 'PENDING', total: 7000, payer: { _id: SAM }, students: [{ _id: SAM }], adminNotes: [], overdue: false });
    const forFamily = await create(PARENT, [{ description: 'Maya: books', studentId: MAYA, unitAmount: 1234 }]);
    expect(forFamily.students.map((s) => s.firstname)).toEqual(['Maya']);
  });

  it('refuses a bad invoice naming the field, and writes nothing', async () => {
    const before = await tenantNumbers();
    const post = (body: Record<string, unknown>) =>
      call('POST', '/admin/invoices', as.admin, { userId: SAM, currency: 'SGD', dueAt: dueIn(7), lines: [workbook()], ...body });
    await expectFieldError(await post({ userId: THEO }), 'userId');
    await expectFieldError(await post({ userId: 'nobody' }), 'userId');
    await expectFieldError(await post({ userId: PARTNER_LEARNER }), 'userId');
    await expectFieldError(await post({ lines: [{ ...workbook(), studentId: MAYA }] }), 'lines.0.studentId');
    await expectFieldError(await post({ lines: [{ description: 'Half a cent', unitAmount: 10.5 }] }), 'lines.0.unitAmount');
    await expectFieldError(await post({ lines: [{ description: 'Free', unitAmount: 0 }] }), 'lines');
    await expectFieldError(await post({ lines: [{ ...workbook(), minutes: 24 * 60 + 1 }] }), 'lines.0.minutes');
    await expectFieldError(await post({ currency: 'XXY' }), 'currency');
    await expectFieldError(await post({ dueAt: 'soon' }), 'dueAt');
    await expectFieldError(await post({ lines: [{ unitAmount: 100 }] }), 'lines.0.description');
    expect(await tenantNumbers()).toEqual(before);
  });

  it('lists with paging, the filters userId, status and invoiceNumber, and sorting', async () => {
    const list = (query: string) => call('GET', `/admin/invoices?${query}`, as.admin).then((r) => json<ListResponse<AdminInvoiceRecord>>(r));
    const first = await list('limit=2');
    expect(first).toMatchObject({ limit: 2, offset: 0 });
    expect(first.docs).toHaveLength(2);
    expect(first.docs[0]!.invoiceNumber).toBeGreaterThan(first.docs[1]!.invoiceNumber);
    expect((await list('userId=' + PARENT)).docs.every((d) => d.payer._id === PARENT)).toBe(true);
    expect((await list('status=VOID')).docs.map((d) => d.invoiceNumber)).toEqual([1]);
    expect((await list(`invoiceNumber=${invoice.invoiceNumber}`)).docs.map((d) => d._id)).toEqual([invoice._id]);
    const ascending = await list('sortKey=invoiceNumber&sortValue=asc&limit=3');
    expect(ascending.docs.map((d) => d.invoiceNumber)).toEqual([1, 2, 3]);
    await expectFieldError(await call('GET', '/admin/invoices?sortKey=total', as.admin), 'sortKey');
    await expectFieldError(await call('GET', '/admin/invoices?status=LATE', as.admin), 'status');
    await expectFieldError(await call('GET', '/admin/invoices?invoiceNumber=x', as.admin), 'invoiceNumber');
  });

  it('reads one invoice; an unknown id or another tenant’s is 404', async () => {
    expect((await json<AdminInvoiceRecord>(await call('GET', `/admin/invoices/${invoice._id}`, as.admin)))._id).toBe(invoice._id);
    expect((await call('GET', '/admin/invoices/no_such_invoice', as.admin)).status).toBe(404);
    expect((await call('GET', `/admin/invoices/${invoice._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('PUT', `/admin/invoices/${invoice._id}`, as.partner, { status: 'VOID' }, PARTNER_HOST)).status).toBe(404);
  });

  it('edits a pending invoice: new lines, due date and total', async () => {
    const res = await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { dueAt: '2031-01-31', lines: [workbook(3000)] });
    const { message, doc } = await json<InvoiceAnswer>(res);
    expect(message).toBe('Invoice updated!');
    expect(doc).toMatchObject({ total: 3000, dueAt: '2031-01-31T23:59:59.999Z', lines: [{ description: 'Workbook', amount: 3000 }] });
    const due = await json<InvoiceAnswer>(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { dueAt: '2031-02-28' }));
    expect(due.doc).toMatchObject({ total: 3000, dueAt: '2031-02-28T23:59:59.999Z' });
    invoice = due.doc;
  });

  it('refuses an edit that mixes VOID with changes, or changes nothing', async () => {
    await expectFieldError(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { status: 'VOID', lines: [workbook()] }), 'status');
    await expectFieldError(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, {}), 'lines');
    await expectFieldError(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { status: 'PAID' }), 'status');
  });

  it('mails the invoice to its payer with the link to it ("Invoice Sent!")', async () => {
    const before = (await outboxTo('student@studyhall.test')).length;
    const { message, doc } = await json<InvoiceAnswer>(await call('POST', `/admin/invoices/send-mail/${invoice._id}`, as.admin));
    expect(message).toBe('Invoice Sent!');
    expect(doc.sentAt).not.toBeNull();
    const mails = await outboxTo('student@studyhall.test');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(`/learning-portal/portal/invoices/${invoice._id}`);
    expect((await call('POST', '/admin/invoices/send-mail/no_such_invoice', as.admin)).status).toBe(404);
  });

  it('adds and deletes admin notes, answering the whole invoice', async () => {
    const added = await json<InvoiceAnswer>(
      await call('POST', `/admin/invoices/admin-notes/${invoice._id}`, as.admin, { note: 'Paid by bank transfer?' }),
      201,
    );
    expect(added.message).toBe('Note added!');
    expect(added.doc.adminNotes).toEqual([expect.objectContaining({ note: 'Paid by bank transfer?', createdBy: DEMO_USERS.admin._id })]);
    expect(added.doc.lines).toHaveLength(1);
    await expectFieldError(await call('POST', `/admin/invoices/admin-notes/${invoice._id}`, as.admin, { note: ' ' }), 'note');
    expect((await call('DELETE', `/admin/invoices/admin-notes/${invoice._id}?noteId=no_such_note`, as.admin)).status).toBe(404);
    const noteId = added.doc.adminNotes[0]!._id;
    const removed = await json<InvoiceAnswer>(await call('DELETE', `/admin/invoices/admin-notes/${invoice._id}?noteId=${noteId}`, as.admin));
    expect(removed).toMatchObject({ message: 'Note deleted!', doc: { _id: invoice._id, adminNotes: [] } });
    expect((await call('POST', '/admin/invoices/admin-notes/no_such_invoice', as.admin, { note: 'x' })).status).toBe(404);
  });

  it('voids a pending invoice, and then refuses to change, send or void it again', async () => {
    const voided = await json<InvoiceAnswer>(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { status: 'VOID' }));
    expect(voided).toMatchObject({ message: 'Invoice voided!', doc: { status: 'VOID' } });
    for (const body of [{ status: 'VOID' }, { lines: [workbook()] }]) {
      const res = await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, body);
      expect(res.status).toBe(409);
      expect((await res.json<ErrorJson>()).message).toBe('This invoice is void, so it can no longer be changed.');
    }
    expect((await call('POST', `/admin/invoices/send-mail/${invoice._id}`, as.admin)).status).toBe(409);
  });
});

describe('permissions of the admin calls', () => {
  it('follows the invoices flags: the approver views and edits but cannot create, the enterer has none', async () => {
    const [some] = (await json<ListResponse<AdminInvoiceRecord>>(await call('GET', '/admin/invoices', as.approver))).docs;
    expect((await call('GET', `/admin/invoices/${some!._id}`, as.approver)).status).toBe(200);
    // Refused before the body is read: the bad body would be a 400 to someone allowed.
    expect((await call('POST', '/admin/invoices', as.approver, { lines: 'bad' })).status).toBe(403);
    expect((await call('POST', '/admin/invoices/draw/preview', as.approver, {})).status).toBe(403);
    expect((await call('POST', '/admin/invoices/draw', as.approver, {})).status).toBe(403);
    expect((await call('POST', `/admin/invoices/admin-notes/${some!._id}`, as.approver, { note: 'Approver note' })).status).toBe(201);
    for (const [method, path] of [
      ['GET', '/admin/invoices'],
      ['GET', `/admin/invoices/${some!._id}`],
      ['PUT', `/admin/invoices/${some!._id}`],
      ['POST', `/admin/invoices/send-mail/${some!._id}`],
      ['POST', `/admin/invoices/admin-notes/${some!._id}`],
      ['DELETE', `/admin/invoices/admin-notes/${some!._id}`],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      for (const token of [as.enterer, as.student, as.tutor, as.parent]) expect((await call(method, path, token, body)).status, `${method} ${path}`).toBe(403);
      expect((await api(path, { method })).status).toBe(401);
    }
  });
});

describe('the payer’s calls and paying', () => {
  let familyInvoice: AdminInvoiceRecord;
  let samsInvoice: AdminInvoiceRecord;

  beforeAll(async () => {
    familyInvoice = await create(PARENT, [{ description: 'Revision sessions', studentId: MAYA, minutes: 90, unitAmount: 4000 }]);
    samsInvoice = await create(SAM, [workbook(1800)]);
  });

  it("lists a payer's own invoices without the admins' notes; a student sees only their own", async () => {
    const parents = await json<ListResponse<InvoiceRecord>>(await call('GET', '/invoices', as.parent));
    expect(parents.docs.length).toBeGreaterThan(0);
    expect(parents.docs.every((d) => d.payer._id === PARENT)).toBe(true);
    expect(parents.docs[0]).not.toHaveProperty('adminNotes');
    const sams = await json<ListResponse<InvoiceRecord>>(await call('GET', '/invoices?status=PENDING', as.student));
    expect(sams.docs.map((d) => d._id)).toContain(samsInvoice._id);
    expect(sams.docs.every((d) => d.payer._id === SAM && d.status === 'PENDING')).toBe(true);
    expect((await json<ListResponse<InvoiceRecord>>(await call('GET', '/invoices', maya))).totalDocs).toBe(0);
    // A parent acting for Sam also sees the invoices Sam pays himself.
    const acting = await api('/invoices', { headers: bearer(as.parent, { 'x-user-id': SAM }) });
    expect((await json<ListResponse<InvoiceRecord>>(acting)).docs.map((d) => d._id)).toContain(samsInvoice._id);
  });

  it("reads one of the payer's invoices; another family's or another tenant's is 404, and tutors and admins are refused", async () => {
    expect((await json<InvoiceRecord>(await call('GET', `/invoices/${familyInvoice._id}`, as.parent))).total).toBe(6000);
    expect((await call('GET', `/invoices/${familyInvoice._id}`, as.student)).status).toBe(404);
    expect((await call('GET', `/invoices/${samsInvoice._id}`, maya)).status).toBe(404);
    expect((await call('GET', `/invoices/${samsInvoice._id}`, partnerLearner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', '/invoices/no_such_invoice', as.parent)).status).toBe(404);
    expect((await call('GET', `/invoices/${samsInvoice._id}`, as.tutor)).status).toBe(403);
    expect((await call('GET', '/invoices', as.admin)).status).toBe(403);
    expect((await api('/invoices')).status).toBe(401);
  });

  it('pays an invoice through the simulated checkout at its total, and the invoice shows PAID', async () => {
    const { url } = await json<CheckoutStarted>(await call('POST', '/invoices/stripe', as.parent, { id: familyInvoice._id }));
    expect(url).toMatch(/^\/learning-portal\/dev\/checkout\/cs_sim_/);
    const sessionId = await payThroughCheckout(url);
    const session = await db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, sessionId)).get();
    expect(session).toMatchObject({
      paymentType: 'INVOICE',
      itemKind: 'invoice',
      itemId: familyInvoice._id,
      minutes: 0,
      amount: 6000,
      currency: 'SGD',
      status: 'PAID',
    });
    const paid = await json<InvoiceRecord>(await call('GET', `/invoices/${familyInvoice._id}`, as.parent));
    expect(paid.status).toBe('PAID');
    expect(paid.paidAt).not.toBeNull();
    const summary = await json<PaymentSummary>(await call('GET', `/payments/${session!._id}`, as.parent));
    expect(summary).toMatchObject({ paymentType: 'INVOICE', itemId: familyInvoice._id, description: `Invoice ${familyInvoice.invoiceNumber}` });
    const again = await call('POST', '/invoices/stripe', as.parent, { id: familyInvoice._id });
    expect(again.status).toBe(409);
    expect((await again.json<ErrorJson>()).message).toBe(`Invoice ${familyInvoice.invoiceNumber} is already paid.`);
    const edit = await call('PUT', `/admin/invoices/${familyInvoice._id}`, as.admin, { lines: [workbook()] });
    expect(edit.status).toBe(409);
  });

  it('marks an invoice paid once when two checkouts of it are both paid; the second payment is kept in payment history', async () => {
    const started = await Promise.all([
      json<CheckoutStarted>(await call('POST', '/invoices/stripe', as.student, { id: samsInvoice._id })),
      json<CheckoutStarted>(await call('POST', `/invoices/stripe/session/${samsInvoice._id}`, as.student)),
    ]);
    const [first, second] = await Promise.all(started.map((s) => payThroughCheckout(s.url)));
    const row = await db.select().from(invoices).where(eq(invoices._id, samsInvoice._id)).get();
    const sessions = await db.select().from(paymentSessions).where(eq(paymentSessions.itemId, samsInvoice._id)).all();
    expect(row!.status).toBe('PAID');
    expect(sessions.map((s) => s._id)).toContain(row!.paymentSessionId);
    expect([first, second]).toHaveLength(2);
    const history = await db.select().from(paymentHistory).where(eq(paymentHistory.studentId, SAM)).all();
    expect(history.filter((h) => sessions.some((s) => s._id === h.paymentSessionId))).toHaveLength(2);
    // A third delivery of a payment changes nothing more.
    const paidAt = row!.paidAt;
    await payThroughCheckout(started[0]!.url);
    expect((await db.select().from(invoices).where(eq(invoices._id, samsInvoice._id)).get())!.paidAt).toEqual(paidAt);
  });

  it('leaves an invoice PENDING when it was changed after the checkout started: the amount paid is not its total', async () => {
    const invoice = await create(SAM, [workbook(2000)]);
    const { url } = await json<CheckoutStarted>(await call('POST', '/invoices/stripe', as.student, { id: invoice._id }));
    await json<InvoiceAnswer>(await call('PUT', `/admin/invoices/${invoice._id}`, as.admin, { lines: [workbook(2500)] }));
    await payThroughCheckout(url);
    expect((await db.select().from(invoices).where(eq(invoices._id, invoice._id)).get())!.status).toBe('PENDING');
  });

  it("refuses to pay a void invoice, another family's, an unknown one, or without an id", async () => {
    const voided = await create(SAM, [workbook()]);
    await call('PUT', `/admin/invoices/${voided._id}`, as.admin, { status: 'VOID' });
    expect((await call('POST', '/invoices/stripe', as.student, { id: voided._id })).status).toBe(409);
    expect((await call('POST', '/invoices/stripe', maya, { id: voided._id })).status).toBe(404);
    expect((await call('POST', '/invoices/stripe/session/no_such_invoice', as.student)).status).toBe(404);
    await expectFieldError(await call('POST', '/invoices/stripe', as.student, {}), 'id');
    expect((await call('POST', '/invoices/stripe', as.tutor, {})).status).toBe(403);
    expect((await call('POST', '/invoices/stripe', as.admin, { id: voided._id })).status).toBe(403);
  });
});

describe('the overdue reminder', () => {
  const tdb = () => scopedDb(databaseFor(env.DB), T);

  it('mails the payer once, a week after the due date of a sent invoice that is still pending', async () => {
    const invoice = await create(PARENT, [{ description: 'Overdue lessons', studentId: SAM, unitAmount: 9900 }]);
    const notSent = await create(PARENT, [workbook()]);
    const notYet = await create(PARENT, [workbook()]);
    await json(await call('POST', `/admin/invoices/send-mail/${invoice._id}`, as.admin));
    await json(await call('POST', `/admin/invoices/send-mail/${notYet._id}`, as.admin));
    const overdue = new Date(Date.now() - 8 * DAY);
    await db.update(invoices).set({ dueAt: overdue }).where(eq(invoices._id, invoice._id));
    await db.update(invoices).set({ dueAt: overdue }).where(eq(invoices._id, notSent._id));
    await db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 6 * DAY) })
      .where(eq(invoices._id, notYet._id));
    const reminders = async () => (await outboxTo('parent@studyhall.test')).filter((m) => m.subject.startsWith('Reminder'));

    const runs = await Promise.all(['run-a', 'run-b'].map((key) => remindOverdueInvoices(tdb(), env as unknown as Env, key, new Date())));
    expect(runs.map((r) => r.reminded).sort()).toEqual([0, 1]);
    const [reminder] = await reminders();
    expect(await reminders()).toHaveLength(1);
    expect(reminder!.subject).toBe(`Reminder: invoice ${invoice.invoiceNumber} is overdue`);
    expect(reminder!.text).toContain(`http://localhost/learning-portal/portal/invoices/${invoice._id}`);
    const row = await db.select().from(invoices).where(eq(invoices._id, invoice._id)).get();
    expect(row!.reminderSentAt).not.toBeNull();

    expect(await remindOverdueInvoices(tdb(), env as unknown as Env, 'run-c', new Date())).toEqual({ reminded: 0 });
    expect(await remindOverdueInvoices(tdb(), env as unknown as Env, 'run-a', new Date())).toEqual(runs[0]);
    expect(await reminders()).toHaveLength(1);
    const listed = await json<AdminInvoiceRecord>(await call('GET', `/admin/invoices/${invoice._id}`, as.admin));
    expect(listed).toMatchObject({ overdue: true, reminderSentAt: row!.reminderSentAt!.toISOString() });
  });

  it('never reminds of a paid invoice', async () => {
    const invoice = await create(SAM, [workbook(700)]);
    await json(await call('POST', `/admin/invoices/send-mail/${invoice._id}`, as.admin));
    const { url } = await json<CheckoutStarted>(await call('POST', '/invoices/stripe', as.student, { id: invoice._id }));
    await payThroughCheckout(url);
    await db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 30 * DAY) })
      .where(and(eq(invoices._id, invoice._id), eq(invoices.tenantId, T)));
    expect(await remindOverdueInvoices(tdb(), env as unknown as Env, 'run-paid', new Date())).toEqual({ reminded: 0 });
  });
});
