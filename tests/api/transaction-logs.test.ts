import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { PaymentRecordAnswer, TransactionLogEntry, TransactionLogRecord } from '../../schema/contracts/payment-records';
import { TENANT_IDS } from '../../schema/seed';
import { creditEntries } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { expectJson, IN_2030, idsOf, MAYA, moneyRows, PARENT, PARTNER_LEARNER, paidPurchase, recordCalls, SAM } from '../helpers/payment-records';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
let maya: string;
let partnerLearner: string;
const ids = { samPurchase: '', mayaPurchase: '', samLesson: '', samAdjustment: '', partner: '' };

const { list, addNote, deleteNote } = recordCalls<TransactionLogEntry | TransactionLogRecord>('transaction-logs', () => as.admin);

/** A movement that is not a purchase, as the ledger or an admin would write it. */
async function entry(_id: string, values: Partial<typeof creditEntries.$inferInsert>) {
  await db.insert(creditEntries).values({
    _id,
    tenantId: TENANT_IDS.studyhall,
    studentId: SAM,
    kind: 'LESSON',
    minutes: -45,
    sourceId: `source_${_id}`,
    description: 'Maths lesson',
    ...values,
  });
  return _id;
}

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  [maya, partnerLearner] = await Promise.all([signIn('student2@studyhall.test'), signIn('learner@partner.test', PARTNER_HOST)]);
  const [sam, mayas, partner] = await Promise.all([
    paidPurchase({ payerId: PARENT, studentId: SAM, paidAt: new Date('2030-01-10T10:00:00Z'), description: 'Ten hours for Sam' }),
    paidPurchase({
      payerId: PARENT,
      studentId: MAYA,
      paidAt: new Date('2030-02-10T10:00:00Z'),
      description: 'Big pack for Maya',
      minutes: 1200,
      amount: 30_000,
    }),
    paidPurchase({ studentId: PARTNER_LEARNER, partner: true, paidAt: new Date('2030-01-15T10:00:00Z') }),
  ]);
  ids.samPurchase = sam.entry._id;
  ids.mayaPurchase = mayas.entry._id;
  ids.partner = partner.entry._id;
  ids.samLesson = await entry('credit_entry_sam_lesson', { createdAt: new Date('2030-01-20T09:00:00Z') });
  ids.samAdjustment = await entry('credit_entry_sam_adjustment', {
    kind: 'ADJUSTMENT',
    minutes: 30,
    description: 'Goodwill minutes',
    createdAt: new Date('2030-03-01T09:00:00Z'),
    expiresAt: new Date('2030-06-01T00:00:00Z'),
  });
}, 60_000);

describe('GET /api/transaction-logs (happy)', () => {
  it('answers a student every movement of their balance, newest first, with the student’s name and no admin fields', async () => {
    const page = await list(`/transaction-logs?${IN_2030}`, as.student);
    expect(idsOf(page)).toEqual([ids.samAdjustment, ids.samLesson, ids.samPurchase]);
    expect(page).toMatchObject({ totalDocs: 3, limit: 20, offset: 0 });
    expect(page.docs[0]).toEqual({
      _id: ids.samAdjustment,
      kind: 'ADJUSTMENT',
      minutes: 30,
      amount: null,
      currency: null,
      courseId: null,
      expiresAt: '2030-06-01T00:00:00.000Z',
      description: 'Goodwill minutes',
      createdAt: '2030-03-01T09:00:00.000Z',
      student: { _id: SAM, firstname: 'Sam', lastname: expect.any(String) },
    });
    expect(page.docs[2]).toMatchObject({ kind: 'PURCHASE', minutes: 600, amount: 12_000, currency: 'SGD' });
    expect(page.docs[2]).not.toHaveProperty('sourceId');
    expect(page.docs[2]).not.toHaveProperty('adminNotes');
  });

  it('answers a parent each child’s movements; acting for one child, that child’s alone', async () => {
    expect(idsOf(await list(`/transaction-logs?${IN_2030}`, as.parent))).toEqual([ids.samAdjustment, ids.mayaPurchase, ids.samLesson, ids.samPurchase]);
    expect(idsOf(await list(`/transaction-logs?${IN_2030}`, as.parent, { 'x-user-id': MAYA }))).toEqual([ids.mayaPurchase]);
    expect(idsOf(await list(`/transaction-logs?${IN_2030}`, maya))).toEqual([ids.mayaPurchase]);
  });

  it('filters on the day it was written and sorts by a listed column either way', async () => {
    expect(idsOf(await list('/transaction-logs?startDate=2030-01-20&endDate=2030-01-20', as.student))).toEqual([ids.samLesson]);
    expect(idsOf(await list(`/transaction-logs?${IN_2030}&sortKey=minutes&sortValue=asc`, as.student))).toEqual([
      ids.samLesson,
      ids.samAdjustment,
      ids.samPurchase,
    ]);
    expect(idsOf(await list(`/transaction-logs?${IN_2030}&sortKey=minutes&sortValue=desc`, as.student))).toEqual([
      ids.samPurchase,
      ids.samAdjustment,
      ids.samLesson,
    ]);
    expect(idsOf(await list(`/transaction-logs?${IN_2030}&sortKey=kind&sortValue=asc`, as.student))).toEqual([
      ids.samAdjustment,
      ids.samLesson,
      ids.samPurchase,
    ]);
    const second = await list(`/transaction-logs?${IN_2030}&limit=2&offset=2`, as.student);
    expect(second).toMatchObject({ totalDocs: 3, limit: 2, offset: 2 });
    expect(idsOf(second)).toEqual([ids.samPurchase]);
  });
});

describe('GET /api/admin/transaction-logs (happy)', () => {
  it('answers every movement of the tenant with what wrote it and the notes; userId keeps one student’s', async () => {
    const all = await list(`/admin/transaction-logs?${IN_2030}`, as.admin);
    expect(idsOf(all)).toEqual([ids.samAdjustment, ids.mayaPurchase, ids.samLesson, ids.samPurchase]);
    expect(all.docs[3]).toMatchObject({ sourceId: expect.any(String), adminNotes: [], kind: 'PURCHASE' });
    expect(idsOf(await list(`/admin/transaction-logs?${IN_2030}&userId=${MAYA}`, as.admin))).toEqual([ids.mayaPurchase]);
    expect(idsOf(await list(`/admin/transaction-logs?${IN_2030}&userId=${PARENT}`, as.admin))).toEqual([]);
    expect((await list(`/admin/transaction-logs?${IN_2030}`, as.approver)).totalDocs).toBe(4);
  });
});

describe('admin notes (happy)', () => {
  it('adds and deletes a note, answering the whole record each time, and never touches what the entry moved', async () => {
    const moved = async () => {
      const { adminNotes: _notes, updatedAt: _updated, ...row } = (await db.select().from(creditEntries).where(eq(creditEntries._id, ids.samLesson)).get())!;
      return row;
    };
    const before = await moved();
    const added = await expectJson<PaymentRecordAnswer<TransactionLogRecord>>(await addNote(ids.samLesson, 'Lesson ran short; checked with Theo'), 201);
    expect(added.message).toBe('Note added!');
    expect(added.doc).toMatchObject({ _id: ids.samLesson, kind: 'LESSON', minutes: -45, sourceId: 'source_credit_entry_sam_lesson' });
    expect(added.doc.adminNotes).toEqual([
      { _id: expect.any(String), note: 'Lesson ran short; checked with Theo', createdBy: 'user_admin', createdAt: expect.any(String) },
    ]);
    expect((await list(`/admin/transaction-logs?startDate=2030-01-20&endDate=2030-01-20`, as.admin)).docs[0]).toEqual(added.doc);

    const deleted = await expectJson<PaymentRecordAnswer<TransactionLogRecord>>(
      await deleteNote(ids.samLesson, `id=${ids.samLesson}&noteId=${added.doc.adminNotes[0]!._id}`),
    );
    expect(deleted.message).toBe('Note deleted!');
    expect(deleted.doc.adminNotes).toEqual([]);
    expect(await moved()).toEqual(before);
  });

  it('keeps both notes when two admins add one at the same moment', async () => {
    await Promise.all([addNote(ids.samAdjustment, 'One'), addNote(ids.samAdjustment, 'Two')]);
    const row = await db.select().from(creditEntries).where(eq(creditEntries._id, ids.samAdjustment)).get();
    expect(row!.adminNotes.map((n) => n.note).sort()).toEqual(['One', 'Two']);
  });
});

describe('errors', () => {
  it('names the field of a bad list query', async () => {
    await expectFieldError(await api('/transaction-logs?sortKey=sourceId', { headers: bearer(as.student) }), 'sortKey');
    await expectFieldError(await api('/transaction-logs?sortValue=desc', { headers: bearer(as.student) }), 'sortValue');
    await expectFieldError(await api('/transaction-logs?startDate=2030-02-01&endDate=2030-01-01', { headers: bearer(as.student) }), 'endDate');
    await expectFieldError(await api('/admin/transaction-logs?endDate=soon', { headers: bearer(as.admin) }), 'endDate');
    await expectFieldError(await api('/admin/transaction-logs?offset=-1', { headers: bearer(as.admin) }), 'offset');
  });

  it('names the note or noteId when missing, and answers 404 for an unknown entry or note; nothing is written', async () => {
    const before = await moneyRows();
    await expectFieldError(await addNote(ids.samLesson, ''), 'note');
    await expectFieldError(await deleteNote(ids.samLesson, 'id=x'), 'noteId');
    await expectFieldError(await deleteNote(ids.samLesson, `noteId=x&id=${ids.samPurchase}`), 'id');
    expect((await addNote('credit_entry_none', 'Hello')).status).toBe(404);
    expect((await deleteNote(ids.samLesson, 'noteId=note_none')).status).toBe(404);
    expect(await moneyRows()).toBe(before);
  });
});

describe('permissions', () => {
  it('keeps each family to its own, and refuses the signed out, tutors, admins and a site without billing', async () => {
    expect(idsOf(await list(`/transaction-logs?${IN_2030}&userId=${MAYA}`, as.student))).not.toContain(ids.mayaPurchase);
    expect((await api('/transaction-logs')).status).toBe(401);
    expect((await api('/transaction-logs', { headers: bearer(as.tutor) })).status).toBe(403);
    expect((await api('/transaction-logs', { headers: bearer(as.admin) })).status).toBe(403);
    expect((await api('/transaction-logs', { headers: bearer(partnerLearner) }, PARTNER_HOST)).status).toBe(403);
  });

  it('gates the admin list on the view flag and the notes on the edit flag, before reading the body', async () => {
    const before = await moneyRows();
    expect((await api('/admin/transaction-logs', { headers: bearer(as.enterer) })).status).toBe(403);
    expect((await addNote(ids.samLesson, 'Approver note', as.approver)).status).toBe(403);
    expect((await addNote(ids.samLesson, '', as.approver)).status).toBe(403);
    expect((await deleteNote(ids.samLesson, 'noteId=x', as.approver)).status).toBe(403);
    expect((await addNote(ids.samLesson, 'Student note', as.student)).status).toBe(403);
    expect(await moneyRows()).toBe(before);
  });

  it('keeps each tenant to its own: the partner’s admin sees only its entries and gets 404 for ours', async () => {
    const partnerList = await expectJson<ListResponse<TransactionLogRecord>>(
      await api(`/admin/transaction-logs?${IN_2030}`, { headers: bearer(as.partner) }, PARTNER_HOST),
    );
    expect(idsOf(partnerList)).toEqual([ids.partner]);
    const before = await moneyRows();
    expect((await call('POST', `/admin/transaction-logs/admin-notes/${ids.samLesson}`, as.partner, { note: 'Cross tenant' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/transaction-logs/admin-notes/${ids.samLesson}?noteId=x`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(idsOf(await list(`/admin/transaction-logs?${IN_2030}&userId=${PARTNER_LEARNER}`, as.admin))).toEqual([]);
    expect(await moneyRows()).toBe(before);
  });
});
