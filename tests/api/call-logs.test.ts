import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { CallLogRecord } from '../../schema/contracts/waiting-room';
import { callLogs } from '../../schema/tables';
import { api, bearer, expectFieldError } from '../helpers/auth';
import type { Person } from '../helpers/docs';
import { db, signedInUser } from '../helpers/realtime';
import { courseAdmin, waitingLesson, waitingPeople } from '../helpers/waiting-room';

let student: Person;
let tutor: Person;
let admin: Person;
let otherStudent: Person;
let otherTutor: Person;
const ids: Record<'early' | 'middle' | 'late' | 'partner', string> = { early: '', middle: '', late: '', partner: '' };

const day = (d: number, h = 9) => new Date(Date.UTC(2031, 0, d, h));

beforeAll(async () => {
  ({ student, tutor, admin } = await waitingPeople());
  otherStudent = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Maya' });
  otherTutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Olga' });
  const partnerTutor = await signedInUser({ tenant: 'partner', role: 'TUTOR', firstname: 'Pia' });
  const a = await waitingLesson({ tutors: [tutor], students: [student, otherStudent], start: day(6) });
  const b = await waitingLesson({ tutors: [otherTutor], students: [otherStudent], start: day(13) });
  const p = await waitingLesson({ tutors: [partnerTutor], students: [], start: day(13) });
  const row = (lesson: typeof a, tenantId: string, tutorId: string, studentIds: string[], lessonStart: Date, status: 'LATE' | 'JOINED_LATE' | 'MISSED') => ({
    tenantId,
    sectionId: lesson.waitingId,
    courseId: lesson.course._id,
    tutorId,
    studentIds,
    waitingUserIds: studentIds.slice(0, 1),
    notifiedUserIds: [tutorId],
    lessonStart,
    status,
  });
  const t = student.tenant._id;
  const rows = await db
    .insert(callLogs)
    .values([
      row(a, t, tutor.user._id, [student.user._id, otherStudent.user._id], day(6), 'MISSED'),
      row(b, t, otherTutor.user._id, [otherStudent.user._id], day(13), 'JOINED_LATE'),
      row(a, t, tutor.user._id, [student.user._id], day(20), 'LATE'),
      row(p, partnerTutor.tenant._id, partnerTutor.user._id, [], day(13), 'LATE'),
    ])
    .returning()
    .all();
  [ids.early, ids.middle, ids.late, ids.partner] = rows.map((r) => r._id) as [string, string, string, string];
});

const list = (person: Person | null, query: Record<string, string> = {}) =>
  api(`/admin/call-logs?${new URLSearchParams(query)}`, { headers: person ? bearer(person.token) : {} });
const idsOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json<ListResponse<CallLogRecord>>()).docs.map((d) => d._id);
};

describe('happy', () => {
  it("lists this tenant's call logs, latest lesson first, with people, lesson and course", async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    const body = await res.json<ListResponse<CallLogRecord>>();
    expect(body).toMatchObject({ totalDocs: 3, limit: 20, offset: 0 });
    expect(body.docs.map((d) => d._id)).toEqual([ids.late, ids.middle, ids.early]);
    expect(body.docs[2]).toMatchObject({
      section: { title: 'Quadratics' },
      course: { title: 'Algebra' },
      tutor: { _id: tutor.user._id, firstname: 'Tomas', lastname: 'Ng' },
      students: [{ _id: student.user._id }, { _id: otherStudent.user._id }],
      lessonStart: day(6).toISOString(),
      status: 'MISSED',
      error: null,
      tutorJoinedAt: null,
    });
  });

  it('filters by tutor, student, status and lesson dates, and pages and sorts', async () => {
    expect(await idsOf(await list(admin, { tutorId: tutor.user._id }))).toEqual([ids.late, ids.early]);
    expect(await idsOf(await list(admin, { studentId: otherStudent.user._id }))).toEqual([ids.middle, ids.early]);
    expect(await idsOf(await list(admin, { status: 'JOINED_LATE' }))).toEqual([ids.middle]);
    expect(await idsOf(await list(admin, { startDate: '2031-01-10', endDate: '2031-01-13' }))).toEqual([ids.middle]);
    expect(await idsOf(await list(admin, { startDate: '2031-01-10T00:00:00Z' }))).toEqual([ids.late, ids.middle]);
    expect(await idsOf(await list(admin, { sortKey: 'lessonStart', sortValue: 'asc', limit: '2', offset: '1' }))).toEqual([ids.middle, ids.late]);
  });
});

describe('errors', () => {
  it('names the field of a bad filter', async () => {
    await expectFieldError(await list(admin, { status: 'ONTIME' }), 'status');
    await expectFieldError(await list(admin, { startDate: 'yesterday' }), 'startDate');
    await expectFieldError(await list(admin, { startDate: '2031-02-01', endDate: '2031-01-01' }), 'endDate');
    await expectFieldError(await list(admin, { sortKey: 'error' }), 'sortKey');
    await expectFieldError(await list(admin, { limit: '0' }), 'limit');
  });
});

describe('permissions', () => {
  it('refuses the signed-out, students, tutors and admins without call-log access', async () => {
    expect((await list(null)).status).toBe(401);
    const noLogs = await courseAdmin('Nora', false);
    for (const person of [student, tutor, noLogs]) expect((await list(person)).status).toBe(403);
  });

  it("never shows the other tenant's logs", async () => {
    const all = await idsOf(await list(admin, { limit: '100' }));
    expect(all).not.toContain(ids.partner);
  });
});
