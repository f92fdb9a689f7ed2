import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { PaymentHistoryEntry, PaymentHistoryRecord, PaymentRecordAnswer } from '../../schema/contracts/payment-records';
import { TENANT_IDS } from '../../schema/seed';
import { paymentHistory, users } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { expectJson, IN_2030, idsOf, MAYA, moneyRows, PARENT, PARTNER_LEARNER, paidPurchase, recordCalls, SAM } from '../helpers/payment-records';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const OLU = 'user_payment_history_olu';

let as: Callers;
let maya: string;
let olu: string;
let partnerLearner: string;
const ids = { samByParent: '', mayaByParent: '', samOwn: '', olu: '', partner: '' };

const { list, addNote, deleteNote } = recordCalls<PaymentHistoryEntry | PaymentHistoryRecord>('payment-history', () => as.admin);

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, SAM)).get();
  await db
    .insert(users)
    .values({
      _id: OLU,
      tenantId: TENANT_IDS.studyhall,
      role: 'STUDENT',
      firstname: 'Olu',
      lastname: 'Other',
      email: 'olu@studyhall.test',
      passwordHash: source!.passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
  as = await callers();
  [maya, olu, partnerLearner] = await Promise.all([
    signIn('student2@studyhall.test'),
    signIn('olu@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
  const made = await Promise.all([
    paidPurchase({ payerId: PARENT, studentId: SAM, paidAt: new Date('2030-01-10T10:00:00Z'), description: 'Ten hours for Sam' }),
    paidPurchase({
      payerId: PARENT,
      studentId: MAYA,
      paidAt: new Date('2030-02-10T10:00:00Z'),
      description: 'Big pack for Maya',
      amount: 30_000,
      minutes: 1200,
    }),
    paidPurchase({ studentId: SAM, paidAt: new Date('2030-03-10T10:00:00Z'), description: 'Starter for Sam', amount: 5_000, currency: 'USD', minutes: 120 }),
    paidPurchase({ studentId: OLU, paidAt: new Date('2030-01-20T10:00:00Z'), description: 'Olu’s hours' }),
    paidPurchase({ studentId: PARTNER_LEARNER, partner: true, paidAt: new Date('2030-01-15T10:00:00Z'), description: 'Partner hours' }),
  ]);
  const [samByParent, mayaByParent, samOwn, oluOwn, partner] = made.map((m) => m.history._id) as [string, string, string, string, string];
  Object.assign(ids, { samByParent, mayaByParent, samOwn, olu: oluOwn, partner });
}, 60_000);

describe('GET /api/payment-history (happy)', () => {
  it('answers a student the payments made for them and by them, newest first, with who paid and for whom, and no admin fields', async () => {
    const page = await list(`/payment-history?${IN_2030}`, as.student);
    expect(idsOf(page)).toEqual([ids.samOwn, ids.samByParent]);
    expect(page).toMatchObject({ totalDocs: 2, limit: 20, offset: 0 });
    expect(page.docs[1]).toEqual({
      _id: ids.samByParent,
      paymentSessionId: expect.any(String),
      paymentType: 'FLEXIBLE',
      description: 'Ten hours for Sam',
      amount: 12_000,
      currency: 'SGD',
      status: 'PAID',
      paidAt: '2030-01-10T10:00:00.000Z',
      payer: { _id: PARENT, firstname: 'Pat', lastname: expect.any(String) },
      student: { _id: SAM, firstname: 'Sam', lastname: expect.any(String) },
    });
    expect(page.docs[0]).not.toHaveProperty('adminNotes');
    expect(page.docs[0]).not.toHaveProperty('providerPaymentId');
  });

  it('answers a parent what they paid and everything of their children; acting for one child, that child’s alone', async () => {
    expect(idsOf(await list(`/payment-history?${IN_2030}`, as.parent))).toEqual([ids.samOwn, ids.mayaByParent, ids.samByParent]);
    expect(idsOf(await list(`/payment-history?${IN_2030}`, as.parent, { 'x-user-id': MAYA }))).toEqual([ids.mayaByParent]);
    expect(idsOf(await list(`/payment-history?${IN_2030}`, maya))).toEqual([ids.mayaByParent]);
  });

  it('filters on the day paid, a bare date covering the whole day, and sorts by a listed column either way', async () => {
    expect(idsOf(await list('/payment-history?startDate=2030-02-10&endDate=2030-02-10', as.parent))).toEqual([ids.mayaByParent]);
    expect(idsOf(await list('/payment-history?startDate=2030-02-11T00:00:00Z&endDate=2030-12-31', as.parent))).toEqual([ids.samOwn]);
    expect(idsOf(await list('/payment-history?startDate=2030-01-01&endDate=2030-01-31', as.parent))).toEqual([ids.samByParent]);
    const byAmount = `/payment-history?${IN_2030}&sortKey=amount`;
    expect(idsOf(await list(`${byAmount}&sortValue=asc`, as.parent))).toEqual([ids.samOwn, ids.samByParent, ids.mayaByParent]);
    expect(idsOf(await list(`${byAmount}&sortValue=-1`, as.parent))).toEqual([ids.mayaByParent, ids.samByParent, ids.samOwn]);
    expect(idsOf(await list(`/payment-history?${IN_2030}&sortKey=paidAt&sortValue=asc`, as.parent))).toEqual([ids.samByParent, ids.mayaByParent, ids.samOwn]);
    const second = await list(`/payment-history?${IN_2030}&limit=1&offset=1`, as.parent);
    expect(second).toMatchObject({ totalDocs: 3, limit: 1, offset: 1 });
    expect(idsOf(second)).toEqual([ids.mayaByParent]);
  });
});

describe('GET /api/admin/payment-history (happy)', () => {
  it('answers every payment of the tenant with the admin fields, and userId keeps those a person paid or was paid for', async () => {
    const all = await list(`/admin/payment-history?${IN_2030}`, as.admin);
    expect(idsOf(all)).toEqual([ids.samOwn, ids.mayaByParent, ids.olu, ids.samByParent]);
    expect(all.docs[0]).toMatchObject({ provider: 'simulated', adminNotes: [], student: { firstname: 'Sam' } });
    expect(idsOf(await list(`/admin/payment-history?${IN_2030}&userId=${SAM}`, as.admin))).toEqual([ids.samOwn, ids.samByParent]);
    expect(idsOf(await list(`/admin/payment-history?${IN_2030}&userId=${PARENT}`, as.admin))).toEqual([ids.mayaByParent, ids.samByParent]);
    expect(idsOf(await list(`/admin/payment-history?${IN_2030}&userId=${OLU}&sortKey=description&sortValue=asc`, as.admin))).toEqual([ids.olu]);
    // The Approver role may view payment history.
    expect((await list(`/admin/payment-history?${IN_2030}`, as.approver)).totalDocs).toBe(4);
  });
});

describe('admin notes (happy)', () => {
  it('adds a note and answers the whole record, then deletes it by noteId (with the spec’s id too) and answers the record again', async () => {
    const added = await expectJson<PaymentRecordAnswer<PaymentHistoryRecord>>(await addNote(ids.olu, '  Called Olu about the receipt  '), 201);
    expect(added.message).toBe('Note added!');
    expect(added.doc).toMatchObject({ _id: ids.olu, description: 'Olu’s hours', amount: 12_000, student: { _id: OLU } });
    expect(added.doc.adminNotes).toEqual([
      { _id: expect.any(String), note: 'Called Olu about the receipt', createdBy: 'user_admin', createdAt: expect.any(String) },
    ]);
    const listed = await list(`/admin/payment-history?${IN_2030}&userId=${OLU}`, as.admin);
    expect(listed.docs[0]).toEqual(added.doc);

    const noteId = added.doc.adminNotes[0]!._id;
    const deleted = await expectJson<PaymentRecordAnswer<PaymentHistoryRecord>>(await deleteNote(ids.olu, `noteId=${noteId}&id=${ids.olu}`));
    expect(deleted.message).toBe('Note deleted!');
    expect({ ...deleted.doc, adminNotes: undefined }).toEqual({ ...added.doc, adminNotes: undefined });
    expect(deleted.doc.adminNotes).toEqual([]);
  });

  it('keeps both notes when two admins add one at the same moment, and deletes only the one named', async () => {
    const [a, b] = await Promise.all([addNote(ids.samOwn, 'First'), addNote(ids.samOwn, 'Second')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const row = await db.select().from(paymentHistory).where(eq(paymentHistory._id, ids.samOwn)).get();
    expect(row!.adminNotes.map((n) => n.note).sort()).toEqual(['First', 'Second']);
    const first = row!.adminNotes.find((n) => n.note === 'First')!;
    const left = await expectJson<PaymentRecordAnswer<PaymentHistoryRecord>>(await deleteNote(ids.samOwn, `noteId=${first._id}`));
    expect(left.doc.adminNotes.map((n) => n.note)).toEqual(['Second']);
  });

  it('never shows the notes to the student or the parent', async () => {
    const page = await list(`/payment-history?${IN_2030}`, as.student);
    expect(page.docs.every((doc) => !('adminNotes' in doc))).toBe(true);
  });
});

describe('errors', () => {
  it('names the field of a bad list query', async () => {
    await expectFieldError(await api('/payment-history?sortKey=payerEmail', { headers: bearer(as.student) }), 'sortKey');
    await expectFieldError(await api('/payment-history?sortValue=asc', { headers: bearer(as.student) }), 'sortValue');
    await expectFieldError(await api('/payment-history?startDate=2030-02-01&endDate=2030-01-01', { headers: bearer(as.parent) }), 'endDate');
    await expectFieldError(await api('/payment-history?startDate=yesterday', { headers: bearer(as.parent) }), 'startDate');
    await expectFieldError(await api('/admin/payment-history?limit=0', { headers: bearer(as.admin) }), 'limit');
    await expectFieldError(await api('/admin/payment-history?sortKey=__proto__', { headers: bearer(as.admin) }), 'sortKey');
  });

  it('names the note when it is empty or too long, and the id when it is not the path’s; nothing is written', async () => {
    const before = await moneyRows();
    await expectFieldError(await addNote(ids.olu, '   '), 'note');
    await expectFieldError(await addNote(ids.olu, 'x'.repeat(2001)), 'note');
    await expectFieldError(await addNote(ids.olu, undefined), 'note');
    await expectFieldError(await deleteNote(ids.olu, ''), 'noteId');
    await expectFieldError(await deleteNote(ids.olu, `noteId=any&id=${ids.samOwn}`), 'id');
    expect(await moneyRows()).toBe(before);
  });

  it('answers 404 for an unknown record or note, and writes nothing', async () => {
    const before = await moneyRows();
    expect((await addNote('payment_history_none', 'Hello')).status).toBe(404);
    expect((await deleteNote('payment_history_none', 'noteId=x')).status).toBe(404);
    expect((await deleteNote(ids.olu, 'noteId=note_none')).status).toBe(404);
    expect(await moneyRows()).toBe(before);
  });
});

describe('permissions', () => {
  it('keeps each family to its own: a student’s userId is ignored, and another family’s payments never appear', async () => {
    expect(idsOf(await list(`/payment-history?${IN_2030}&userId=${OLU}`, as.student))).toEqual([ids.samOwn, ids.samByParent]);
    expect(idsOf(await list(`/payment-history?${IN_2030}`, olu))).toEqual([ids.olu]);
  });

  it('refuses the user list to the signed out, tutors and admins, and on a site whose billing is off', async () => {
    expect((await api('/payment-history')).status).toBe(401);
    expect((await api('/payment-history', { headers: bearer(as.tutor) })).status).toBe(403);
    expect((await api('/payment-history', { headers: bearer(as.admin) })).status).toBe(403);
    const partner = await api('/payment-history', { headers: bearer(partnerLearner) }, PARTNER_HOST);
    expect(partner.status).toBe(403);
    expect((await partner.json<{ message: string }>()).message).toBe('Billing is not available on this site');
  });

  it('gates the admin list on the view flag and the notes on the edit flag, before reading the body', async () => {
    expect((await api('/admin/payment-history', { headers: bearer(as.enterer) })).status).toBe(403);
    expect((await api('/admin/payment-history', { headers: bearer(as.student) })).status).toBe(403);
    const before = await moneyRows();
    expect((await addNote(ids.olu, 'Approver note', as.approver)).status).toBe(403);
    expect((await addNote(ids.olu, '', as.approver)).status).toBe(403);
    expect((await deleteNote(ids.olu, 'noteId=x', as.approver)).status).toBe(403);
    expect((await addNote(ids.olu, 'Parent note', as.parent)).status).toBe(403);
    expect(await moneyRows()).toBe(before);
  });

  it('keeps each tenant to its own: the partner’s admin sees only its payments and gets 404 for ours', async () => {
    // A partner's token is not valid on our host at all.
    expect((await api('/admin/payment-history', { headers: bearer(as.partner) })).status).toBe(401);
    const partnerList = await expectJson<ListResponse<PaymentHistoryRecord>>(
      await api(`/admin/payment-history?${IN_2030}`, { headers: bearer(as.partner) }, PARTNER_HOST),
    );
    expect(idsOf(partnerList)).toEqual([ids.partner]);
    const before = await moneyRows();
    expect((await call('POST', `/admin/payment-history/admin-notes/${ids.olu}`, as.partner, { note: 'Cross tenant' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/payment-history/admin-notes/${ids.olu}?noteId=x`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(idsOf(await list(`/admin/payment-history?${IN_2030}&userId=${PARTNER_LEARNER}`, as.admin))).toEqual([]);
    expect(await moneyRows()).toBe(before);
  });
});
