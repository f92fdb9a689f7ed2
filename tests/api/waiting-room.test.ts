import { listDurableObjectIds } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JoinedResult, MeetingData, StartMeetingResult, WaitingNotifiedResult } from '../../schema/contracts/waiting-room';
import { emailOutbox, sectionAttendees, sections, userMappers } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson } from '../helpers/auth';
import { adminWith, type Person } from '../helpers/docs';
import { db, RoomClient, signedInUser } from '../helpers/realtime';
import { MINUTE, waitingLesson, waitingPeople } from '../helpers/waiting-room';

let student: Person;
let tutor: Person;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  ({ student, tutor, admin } = await waitingPeople());
  outsider = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Otto' });
});

// Inside its join window unless a test says otherwise: a lesson can be started from 15 minutes before it begins.
const newLesson = async (opts: Partial<Parameters<typeof waitingLesson>[0]> = {}) =>
  waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() + 10 * MINUTE), ...opts });

const meetingData = (person: Person | null, waitingId: string, headers: Record<string, string> = {}, host = 'localhost') =>
  api(`/meeting-data/${waitingId}`, { headers: person ? bearer(person.token, headers) : headers }, host);
const post = (path: string, person: Person | null, body: unknown, headers: Record<string, string> = {}, host = 'localhost') =>
  postJson(path, body, { headers: person ? bearer(person.token, headers) : headers }, host);
const startMeeting = (person: Person | null, waitingId: string) => post('/start-meeting', person, { waitingId });
const notifyJoined = (person: Person | null, waitingId: string) => post('/notify-user-joined-to-meeting', person, { waitingId });
const notifyWaiting = (person: Person | null, waitingId: string) => post('/notify-user-waiting', person, { waitingId });

async function roomNeverReached(tenantId: string, waitingId: string) {
  const id = env.WAITING_ROOM.idFromName(`${tenantId}:${waitingId}`);
  return !(await listDurableObjectIds(env.WAITING_ROOM)).some((existing) => existing.equals(id));
}

const mailsTo = (person: Person) => db.select().from(emailOutbox).where(eq(emailOutbox.to, person.user.email!)).all();

describe('happy', () => {
  it("GET meeting-data answers the lesson, its course and people, and the caller's place", async () => {
    const { waitingId, section, course } = await newLesson();
    const res = await meetingData(student, waitingId);
    expect(res.status).toBe(200);
    const data = await res.json<MeetingData>();
    expect(data).toMatchObject({
      _id: waitingId,
      waitingId,
      title: 'Quadratics',
      kind: 'ZOOM',
      status: 'ACTIVE',
      course: { _id: course._id, title: 'Algebra' },
      start: section.start!.toISOString(),
      end: new Date(section.start!.getTime() + 60 * MINUTE).toISOString(),
      duration: 60,
      joinUrl: `/learning-portal/waiting-room/${waitingId}`,
      lessonRoomUrl: `/learning-portal/lesson-room/${waitingId}`,
      isMeetingStarted: false,
      startedAt: null,
      isMeetingEnded: false,
      viewerKind: 'STUDENT',
      canStart: false,
    });
    expect(data.tutors).toEqual([{ _id: tutor.user._id, firstname: 'Tomas', lastname: 'Ng', avatar: null }]);
    expect(data.students).toEqual([{ _id: student.user._id, firstname: 'Sara', lastname: 'Lim', avatar: null }]);

    expect(await (await meetingData(tutor, waitingId)).json<MeetingData>()).toMatchObject({ viewerKind: 'TUTOR', canStart: true });
    expect(await (await meetingData(admin, waitingId)).json<MeetingData>()).toMatchObject({ viewerKind: 'ADMIN', canStart: true });
  });

  it('GET meeting-data answers a parent acting for their child', async () => {
    const parent = await signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Pat' });
    await db.insert(userMappers).values({ tenantId: parent.tenant._id, parentId: parent.user._id, studentId: student.user._id });
    const { waitingId } = await newLesson();
    const res = await meetingData(parent, waitingId, { 'x-user-id': student.user._id });
    expect(res.status).toBe(200);
    expect(await res.json<MeetingData>()).toMatchObject({ viewerKind: 'STUDENT', canStart: false });
  });

  it('POST start-meeting by the tutor moves everyone waiting, and stays started', async () => {
    const { waitingId } = await newLesson();
    const waiting = await RoomClient.open(waitingId, student.token);
    waiting.send({ type: 'registerToWaitingRoom' });
    await waiting.next('onRegisteredToWaitingRoom');

    const res = await startMeeting(tutor, waitingId);
    expect(res.status).toBe(200);
    const started = await res.json<StartMeetingResult>();
    expect(started).toEqual({ waitingId, startedAt: expect.stringMatching(/^\d{4}-/), lessonRoomUrl: `/learning-portal/lesson-room/${waitingId}` });
    expect(await waiting.next('meetingStarted')).toEqual({
      type: 'meetingStarted',
      waitingId,
      startedAt: started.startedAt,
      startedBy: tutor.user._id,
      lessonRoomUrl: `/learning-portal/lesson-room/${waitingId}`,
    });
    expect(await (await meetingData(student, waitingId)).json<MeetingData>()).toMatchObject({ isMeetingStarted: true, startedAt: started.startedAt });

    const again = await (await startMeeting(admin, waitingId)).json<StartMeetingResult>();
    expect(again.startedAt).toBe(started.startedAt);
    waiting.close();
  });

  it('tells someone who arrives after the start to go straight in', async () => {
    const { waitingId } = await newLesson();
    expect((await startMeeting(admin, waitingId)).status).toBe(200);
    const late = await RoomClient.open(waitingId, student.token);
    late.send({ type: 'registerToWaitingRoom' });
    expect((await late.next('meetingStarted')).lessonRoomUrl).toBe(`/learning-portal/lesson-room/${waitingId}`);
    late.close();
  });

  it('POST notify-user-joined-to-meeting keeps the first arrival', async () => {
    const { waitingId } = await newLesson();
    const first = await notifyJoined(student, waitingId);
    expect(first.status).toBe(200);
    const { joinedAt } = await first.json<JoinedResult>();
    expect(joinedAt).toMatch(/^\d{4}-/);
    expect(await (await notifyJoined(student, waitingId)).json<JoinedResult>()).toEqual({ waitingId, joinedAt });
  });

  it('POST notify-user-waiting mails the absent tutor once', async () => {
    const { waitingId } = await newLesson();
    const before = (await mailsTo(tutor)).length;
    const res = await notifyWaiting(student, waitingId);
    expect(res.status).toBe(200);
    expect(await res.json<WaitingNotifiedResult>()).toEqual({ waitingId, notified: 1 });
    const mails = await mailsTo(tutor);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ subject: 'Sara Lim is waiting: Quadratics' });
    expect(mails.at(-1)!.text).toContain(`/learning-portal/waiting-room/${waitingId}`);

    expect(await (await notifyWaiting(student, waitingId)).json<WaitingNotifiedResult>()).toEqual({ waitingId, notified: 0 });
    expect(await mailsTo(tutor)).toHaveLength(before + 1);
  });

  it('POST notify-user-waiting does not mail a tutor who is already in the room', async () => {
    const { waitingId } = await newLesson();
    const present = await RoomClient.open(waitingId, tutor.token);
    present.send({ type: 'registerToWaitingRoom' });
    await present.next('onRegisteredToWaitingRoom');
    const before = (await mailsTo(tutor)).length;
    expect(await (await notifyWaiting(student, waitingId)).json<WaitingNotifiedResult>()).toEqual({ waitingId, notified: 0 });
    expect(await mailsTo(tutor)).toHaveLength(before);
    present.close();
  });
});

describe('errors', () => {
  it('names waitingId for a missing, empty or overlong one, before any room is touched', async () => {
    for (const body of [{}, { waitingId: '' }, { waitingId: 'x'.repeat(65) }, { waitingId: 42 }]) {
      for (const path of ['/start-meeting', '/notify-user-joined-to-meeting', '/notify-user-waiting']) {
        await expectFieldError(await post(path, tutor, body), 'waitingId');
      }
    }
    await expectFieldError(await meetingData(tutor, 'x'.repeat(65)), 'waitingId');
  });

  it('answers 404 for an unknown id and for a section that is not a lesson', async () => {
    const { course } = await newLesson();
    const unit = await db
      .insert(sections)
      .values({ tenantId: tutor.tenant._id, courseId: course._id, sortingKey: 2, kind: 'SECTION', title: 'Unit 1', createdBy: tutor.user._id })
      .returning()
      .get();
    for (const id of ['no-such-lesson', unit._id]) {
      const res = await meetingData(tutor, id);
      expect(res.status).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe('Lesson not found');
      expect((await startMeeting(tutor, id)).status).toBe(404);
    }
  });

  it('shows a cancelled lesson as cancelled and will not start it or arm its room', async () => {
    const { waitingId } = await newLesson({ status: 'CANCELLED' });
    expect(await (await meetingData(tutor, waitingId)).json<MeetingData>()).toMatchObject({ status: 'CANCELLED', canStart: false });
    const res = await startMeeting(tutor, waitingId);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe('This lesson was cancelled');
    expect((await notifyWaiting(student, waitingId)).status).toBe(409);
    expect(await roomNeverReached(tutor.tenant._id, waitingId)).toBe(true);
  });

  it('will not start a lesson whose room has closed', async () => {
    const { waitingId } = await newLesson({ start: new Date(Date.now() - 3 * 60 * MINUTE) });
    expect(await (await meetingData(student, waitingId)).json<MeetingData>()).toMatchObject({ isMeetingEnded: true });
    const res = await startMeeting(tutor, waitingId);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe('This lesson has ended');
  });
});

describe('the join window', () => {
  it('refuses to start a lesson three days away, says when it opens, and reads it as scheduled', async () => {
    const { waitingId } = await newLesson({ start: new Date(Date.now() + 3 * 24 * 60 * MINUTE) });
    const data = await (await meetingData(tutor, waitingId)).json<MeetingData>();
    expect(data).toMatchObject({ lessonStatus: 'scheduled', canJoin: false, canStart: true });
    expect(Date.parse(data.joinOpensAt)).toBe(Date.parse(data.start) - 15 * MINUTE);
    expect(data.joinClosesAt).toBe(data.end);
    const res = await startMeeting(tutor, waitingId);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe('This lesson can be started from 15 minutes before it begins, which is in 3 days.');
  });

  it('refuses to start a lesson an hour early, and lets it start in its window', async () => {
    const { waitingId: early } = await newLesson({ start: new Date(Date.now() + 75 * MINUTE) });
    const res = await startMeeting(admin, early);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe('This lesson can be started from 15 minutes before it begins, which is in an hour.');
    const { waitingId } = await newLesson();
    expect(await (await meetingData(student, waitingId)).json<MeetingData>()).toMatchObject({ lessonStatus: 'scheduled', canJoin: true });
    expect((await startMeeting(tutor, waitingId)).status).toBe(200);
    expect(await (await meetingData(student, waitingId)).json<MeetingData>()).toMatchObject({ lessonStatus: 'live', canJoin: true });
  });

  it('reads a past lesson nobody started as missed and a cancelled one as cancelled', async () => {
    const { waitingId: past } = await newLesson({ start: new Date(Date.now() - 3 * 60 * MINUTE) });
    expect(await (await meetingData(student, past)).json<MeetingData>()).toMatchObject({ lessonStatus: 'missed', canJoin: false });
    const { waitingId: cancelled } = await newLesson({ status: 'CANCELLED' });
    expect(await (await meetingData(student, cancelled)).json<MeetingData>()).toMatchObject({ lessonStatus: 'cancelled', canJoin: false });
  });
});

describe('permissions', () => {
  it('refuses every call without sign-in', async () => {
    const { waitingId } = await newLesson();
    expect((await meetingData(null, waitingId)).status).toBe(401);
    for (const call of [startMeeting, notifyJoined, notifyWaiting]) expect((await call(null, waitingId)).status).toBe(401);
    expect(await roomNeverReached(tutor.tenant._id, waitingId)).toBe(true);
  });

  it('refuses guests', async () => {
    const guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
    const { waitingId } = await newLesson();
    expect((await meetingData(guest, waitingId)).status).toBe(403);
    for (const call of [startMeeting, notifyJoined, notifyWaiting]) expect((await call(guest, waitingId)).status).toBe(403);
  });

  it("answers 404 to people who are not the lesson's: another course's student and tutor, a stranger admin, an unlinked parent", async () => {
    const otherTutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Olga' });
    const plainAdmin = await adminWith({ adminUser: ['view'] }, 'Paul');
    const parent = await signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Pam' });
    await newLesson({ tutors: [otherTutor], students: [outsider] });
    const { waitingId } = await newLesson();
    for (const person of [outsider, otherTutor, plainAdmin, parent]) {
      expect((await meetingData(person, waitingId)).status).toBe(404);
      for (const call of [notifyJoined, notifyWaiting]) expect((await call(person, waitingId)).status).toBe(404);
    }
    // Only tutors and admins start lessons: the role answers before the lesson named in the body is looked up.
    for (const person of [otherTutor, plainAdmin]) expect((await startMeeting(person, waitingId)).status).toBe(404);
    for (const person of [outsider, parent]) expect((await startMeeting(person, waitingId)).status).toBe(403);
    expect((await meetingData(parent, waitingId, { 'x-user-id': student.user._id })).status).toBe(403);
    expect(await roomNeverReached(tutor.tenant._id, waitingId)).toBe(true);
  });

  it('answers 404 to a course student who is not listed for a lesson with named attendees', async () => {
    const { waitingId, section } = await newLesson({ students: [student, outsider] });
    await db.insert(sectionAttendees).values([
      { tenantId: tutor.tenant._id, sectionId: section._id, userId: tutor.user._id, kind: 'TUTOR' },
      { tenantId: tutor.tenant._id, sectionId: section._id, userId: student.user._id, kind: 'STUDENT' },
    ]);
    expect((await meetingData(outsider, waitingId)).status).toBe(404);
    const data = await (await meetingData(student, waitingId)).json<MeetingData>();
    expect(data.students.map((s) => s._id)).toEqual([student.user._id]);
  });

  it("answers 404 to the other tenant's user, on either host", async () => {
    const partner = await signedInUser({ tenant: 'partner', role: 'TUTOR', firstname: 'Pia' });
    const { waitingId } = await newLesson();
    for (const host of ['localhost', 'partner.localhost']) {
      const status = (await meetingData(partner, waitingId, {}, host)).status;
      expect([401, 404]).toContain(status);
      expect((await post('/start-meeting', partner, { waitingId }, {}, host)).status).toBe(status);
    }
    expect((await meetingData(partner, waitingId, {}, 'partner.localhost')).status).toBe(404);
    expect(await roomNeverReached(partner.tenant._id, waitingId)).toBe(true);
    expect(await roomNeverReached(tutor.tenant._id, waitingId)).toBe(true);
  });

  it('lets a student of the lesson read it but not start it', async () => {
    const { waitingId } = await newLesson();
    const res = await startMeeting(student, waitingId);
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toBe('Only tutors and admins can do this');
    expect(await (await meetingData(student, waitingId)).json<MeetingData>()).toMatchObject({ isMeetingStarted: false });
  });
});
