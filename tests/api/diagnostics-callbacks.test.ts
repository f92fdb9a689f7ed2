import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { CallbackAnswer, CallbackRequestDoc, DiagnosticDoc, DiagnosticTestDoc, Teammate } from '../../schema/contracts/diagnostics';
import { DEMO_USERS } from '../../schema/seed';
import { SEED_DIAGNOSTIC_IDS } from '../../schema/seed-diagnostics';
import { callbackRequests } from '../../schema/tables';
import { EXTRA_ADMINS, seedExtraAdmins, signInAs } from '../helpers/admins';
import { api, bearer, expectFieldError, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const TEST = SEED_DIAGNOSTIC_IDS.maths;
const ADMIN = DEMO_USERS.admin._id;

let sam: string;
let maya: string;
let tutor: string;
let admin: string;
let partnerAdmin: string;

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const put = (path: string, body: unknown, token: string, host = 'localhost') =>
  api(path, { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) }, host);

/** A learner takes the seeded test (all answers blank) and asks for a call; answers the request's id. */
async function requestFor(token: string) {
  const test = await (await get(`/diagnostics/tests/${TEST}`, token)).json<DiagnosticTestDoc>();
  const res = await postJson('/diagnostics', { testId: TEST, answers: test.questions!.map((q) => ({ questionId: q._id })) }, { headers: bearer(token) });
  const doc = await res.json<DiagnosticDoc>();
  return (await (await get(`/diagnostics/requestCallback/${doc._id}`, token)).json<CallbackAnswer>()).request._id;
}

const list = async () => (await get('/admin/diagnostics/callbacks?limit=50', admin)).json<ListResponse<CallbackRequestDoc>>();
const row = (id: string) => db.select().from(callbackRequests).where(eq(callbackRequests._id, id)).get();

let samRequest: string;
let mayaRequest: string;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  [sam, maya, tutor, admin, partnerAdmin] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('admin@studyhall.test'),
    signInAs('partner'),
  ]);
  samRequest = await requestFor(sam);
  mayaRequest = await requestFor(maya);
});

describe('callback requests', () => {
  it('lists new requests as open and unassigned, and offers the tenant’s admins as teammates', async () => {
    const page = await list();
    expect(page.docs.map((d) => d._id)).toEqual(expect.arrayContaining([samRequest, mayaRequest]));
    expect(page.docs.find((d) => d._id === samRequest)).toMatchObject({ status: 'OPEN', assignedTo: null, note: '', closedBy: null, closedAt: null });
    const team = await (await get('/admin/diagnostics/callbacks/teammates', admin)).json<Teammate[]>();
    expect(team.map((t) => t._id)).toContain(ADMIN);
    expect(team.map((t) => t._id)).not.toContain(EXTRA_ADMINS.partner._id);
    expect(team.map((t) => t._id)).not.toContain(DEMO_USERS.tutor._id);
  });

  it('assigns a request to a teammate with a note, and back to nobody', async () => {
    const res = await put(`/admin/diagnostics/callbacks/${samRequest}/assign`, { assignedTo: EXTRA_ADMINS.approver._id, note: 'Call after 5 pm.' }, admin);
    expect(res.status).toBe(200);
    expect(await res.json<CallbackRequestDoc>()).toMatchObject({ status: 'OPEN', assignedTo: { _id: EXTRA_ADMINS.approver._id }, note: 'Call after 5 pm.' });
    const back = await (await put(`/admin/diagnostics/callbacks/${samRequest}/assign`, { assignedTo: null }, admin)).json<CallbackRequestDoc>();
    expect(back.assignedTo).toBeNull();
    expect(back.note).toBe('Call after 5 pm.');
    expect((await row(samRequest))!.assignedAt).toBeNull();
  });

  it('closes a request with a note; it then lists after the open ones and can no longer change', async () => {
    await put(`/admin/diagnostics/callbacks/${samRequest}/assign`, { assignedTo: ADMIN }, admin);
    const res = await put(`/admin/diagnostics/callbacks/${samRequest}/close`, { note: 'Booked a trial for Monday.' }, admin);
    expect(res.status).toBe(200);
    const closed = await res.json<CallbackRequestDoc>();
    expect(closed).toMatchObject({ status: 'DONE', note: 'Booked a trial for Monday.', closedBy: { _id: ADMIN } });
    expect(closed.closedAt).not.toBeNull();
    const order = (await list()).docs.map((d) => d.status);
    expect(order.indexOf('DONE')).toBeGreaterThan(order.lastIndexOf('OPEN'));
    expect((await put(`/admin/diagnostics/callbacks/${samRequest}/close`, { note: 'Again' }, admin)).status).toBe(409);
    expect((await put(`/admin/diagnostics/callbacks/${samRequest}/assign`, { assignedTo: null }, admin)).status).toBe(409);
  });

  it('names bad input and writes nothing', async () => {
    const before = await row(mayaRequest);
    await expectFieldError(await put(`/admin/diagnostics/callbacks/${mayaRequest}/assign`, { assignedTo: DEMO_USERS.tutor._id }, admin), 'assignedTo');
    await expectFieldError(await put(`/admin/diagnostics/callbacks/${mayaRequest}/assign`, { assignedTo: EXTRA_ADMINS.partner._id }, admin), 'assignedTo');
    await expectFieldError(await put(`/admin/diagnostics/callbacks/${mayaRequest}/assign`, { note: 'x' }, admin), 'assignedTo');
    await expectFieldError(await put(`/admin/diagnostics/callbacks/${mayaRequest}/close`, {}, admin), 'note');
    await expectFieldError(await put(`/admin/diagnostics/callbacks/${mayaRequest}/close`, { note: ' ' }, admin), 'note');
    expect(await row(mayaRequest)).toEqual(before);
  });

  it('answers 404 for another tenant’s admin and refuses people without the permission, writing nothing', async () => {
    const before = await row(mayaRequest);
    expect((await put(`/admin/diagnostics/callbacks/${mayaRequest}/close`, { note: 'Called them.' }, partnerAdmin, PARTNER_HOST)).status).toBe(404);
    expect((await put(`/admin/diagnostics/callbacks/${mayaRequest}/assign`, { assignedTo: null }, partnerAdmin, PARTNER_HOST)).status).toBe(404);
    expect((await put('/admin/diagnostics/callbacks/missing/close', { note: 'Called them.' }, admin)).status).toBe(404);
    expect((await put(`/admin/diagnostics/callbacks/${mayaRequest}/close`, { note: 'Called them.' }, tutor)).status).toBe(403);
    expect((await put(`/admin/diagnostics/callbacks/${mayaRequest}/close`, { note: 'Called them.' }, sam)).status).toBe(403);
    const partnerList = await (await get('/admin/diagnostics/callbacks', partnerAdmin, PARTNER_HOST)).json<ListResponse<CallbackRequestDoc>>();
    expect(partnerList.docs.map((d) => d._id)).not.toContain(mayaRequest);
    expect(await row(mayaRequest)).toEqual(before);
  });
});
