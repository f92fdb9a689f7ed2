import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import { DEMO_USERS } from '../../schema/seed';
import { userSubjects } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { OTHER_TUTOR, seedOtherTutor } from '../helpers/availability';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';
import { IGCSE_MATHS } from '../helpers/trials';

const THEO = DEMO_USERS.tutor._id;
const SAM = DEMO_USERS.student._id;
let who: Callers;

type Sorting = { curriculum: string; subject: string; tutors: { _id: string }[] };
const listFor = async (token: string, query: Record<string, string>, host = 'localhost') =>
  (await call('GET', `/admin/tutor-sortings?${new URLSearchParams(query)}`, token, undefined, host)).json<ListResponse<Sorting>>();

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  await seedOtherTutor('Asia/Singapore');
  // Olivia teaches IGCSE maths too, so she can be ranked beside Theo.
  await db.insert(userSubjects).values({ _id: 'sortings_subject_olivia', tenantId: 'tenant_studyhall', userId: OTHER_TUTOR._id, ...IGCSE_MATHS });
  who = await callers();
});

describe('happy', () => {
  it('keeps the order an admin gives the tutors of a curriculum, subject and grade', async () => {
    expect((await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [OTHER_TUTOR._id, THEO] })).status).toBe(200);
    expect((await listFor(who.admin, { ...IGCSE_MATHS })).docs[0]!.tutors.map((t) => t._id)).toEqual([OTHER_TUTOR._id, THEO]);
    expect((await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [THEO, OTHER_TUTOR._id] })).status).toBe(200);
    const list = await listFor(who.admin, { ...IGCSE_MATHS });
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]!.tutors.map((t) => t._id)).toEqual([THEO, OTHER_TUTOR._id]);
  });
});

describe('errors', () => {
  it('names the bad field: a student among the tutors, a tutor twice, an unknown sort key', async () => {
    await expectFieldError(await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [SAM] }), 'tutorIds.0');
    await expectFieldError(await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [THEO, THEO] }), 'tutorIds');
    await expectFieldError(await call('GET', '/admin/tutor-sortings?sortKey=email', who.admin), 'sortKey');
  });
});

describe('permissions', () => {
  it('needs the tutor sorting permission, and keeps each tenant to its own tutors', async () => {
    for (const token of [who.student, who.tutor, who.enterer]) {
      expect((await call('GET', '/admin/tutor-sortings', token)).status).toBe(403);
      expect((await call('PUT', '/admin/tutor-sortings', token, { ...IGCSE_MATHS, tutorIds: [] })).status).toBe(403);
    }
    expect((await listFor(who.partner, {}, PARTNER_HOST)).totalDocs).toBe(0);
    await expectFieldError(await call('PUT', '/admin/tutor-sortings', who.partner, { ...IGCSE_MATHS, tutorIds: [THEO] }, PARTNER_HOST), 'tutorIds.0');
  });
});
