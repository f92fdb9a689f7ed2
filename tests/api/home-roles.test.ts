import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '../../schema/contracts/home';
import { lessonSessions } from '../../schema/tables';
import { api, bearer, postJson } from '../helpers/auth';
import { adminWith, type Person } from '../helpers/docs';
import { db, RoomClient, signedInUser } from '../helpers/realtime';
import { MINUTE, waitingLesson, waitingPeople } from '../helpers/waiting-room';

let student: Person;
let tutor: Person;
let otherTutor: Person;
let admin: Person;

const homeOf = async (person: Person) => {
  const res = await api('/home', { headers: bearer(person.token) });
  expect(res.status).toBe(200);
  return res.json<HomeData>();
};

/** A student registered in a lesson's waiting room, as the waiting-room page does. */
async function waitIn(waitingId: string, person: Person) {
  const client = await RoomClient.open(waitingId, person.token);
  client.send({ type: 'registerToWaitingRoom' });
  await client.next('onRegisteredToWaitingRoom');
  return client;
}

beforeAll(async () => {
  ({ student, tutor, admin } = await waitingPeople());
  otherTutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Olga' });
});

describe("a tutor's students waiting now", () => {
  it('names the students in the waiting room of a lesson whose join window is open, with the way in', async () => {
    const { waitingId, course, section } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() + 10 * MINUTE) });
    expect((await homeOf(tutor)).waitingNow.map((w) => w.lessonId)).not.toContain(waitingId);

    const client = await waitIn(waitingId, student);
    const waiting = (await homeOf(tutor)).waitingNow.find((w) => w.lessonId === waitingId);
    expect(waiting).toEqual({
      lessonId: waitingId,
      title: 'Quadratics',
      course: { _id: course._id, title: 'Algebra' },
      start: section.start!.toISOString(),
      joinUrl: `/learning-portal/waiting-room/${waitingId}`,
      students: [{ _id: student.user._id, name: 'Sara Lim' }],
    });

    client.close();
    await expect.poll(async () => (await homeOf(tutor)).waitingNow.map((w) => w.lessonId), { timeout: 3000 }).not.toContain(waitingId);
  });

  it('leaves out a lesson whose window has not opened, and the lessons of another tutor', async () => {
    const later = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() + 40 * MINUTE) });
    const others = await waitingLesson({ tutors: [otherTutor], students: [student], start: new Date(Date.now() + 5 * MINUTE) });
    const client = await waitIn(others.waitingId, student);
    expect((await homeOf(tutor)).waitingNow.map((w) => w.lessonId)).not.toContain(later.waitingId);
    expect((await homeOf(tutor)).waitingNow.map((w) => w.lessonId)).not.toContain(others.waitingId);
    expect((await homeOf(otherTutor)).waitingNow.map((w) => w.lessonId)).toEqual([others.waitingId]);
    client.close();
  });

  it('is empty for a student, who waits rather than being waited for', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() + 5 * MINUTE) });
    const client = await waitIn(waitingId, student);
    expect((await homeOf(student)).waitingNow).toEqual([]);
    client.close();
  });
});

describe("an admin's late tutors", () => {
  const lateOf = async (person: Person, waitingId: string) => (await homeOf(person)).lateTutors.find((late) => late.lessonId === waitingId);

  it('lists a lesson under way whose tutor has not arrived, with the tutor and how late, until the tutor starts it', async () => {
    const { waitingId, course, section } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 10 * MINUTE) });
    expect(await lateOf(admin, waitingId)).toEqual({
      lessonId: waitingId,
      title: 'Quadratics',
      course: { _id: course._id, title: 'Algebra' },
      start: section.start!.toISOString(),
      tutor: { _id: tutor.user._id, name: 'Tomas Ng' },
      minutesLate: 10,
    });

    expect((await postJson('/start-meeting', { waitingId }, { headers: bearer(tutor.token) })).status).toBe(200);
    expect(await lateOf(admin, waitingId)).toBeUndefined();
  });

  it('counts a tutor who waits in the room as arrived', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 5 * MINUTE) });
    expect(await lateOf(admin, waitingId)).toBeDefined();
    const client = await waitIn(waitingId, tutor);
    expect(await lateOf(admin, waitingId)).toBeUndefined();
    client.close();
  });

  it('leaves out lessons not yet late, cancelled, completed, ended by the tutor or over', async () => {
    const lessons = await Promise.all([
      waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 20_000) }),
      waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 10 * MINUTE), status: 'CANCELLED' }),
      waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 10 * MINUTE), status: 'COMPLETED' }),
      waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 90 * MINUTE) }),
    ]);
    const ended = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 10 * MINUTE) });
    await db
      .insert(lessonSessions)
      .values({ tenantId: tutor.tenant._id, sectionId: ended.waitingId, endedAt: new Date(), endedBy: tutor.user._id, createdBy: tutor.user._id });
    const listed = (await homeOf(admin)).lateTutors.map((late) => late.lessonId);
    for (const { waitingId } of [...lessons, ended]) expect(listed).not.toContain(waitingId);
  });

  it('is only for admins who may see the courses', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 10 * MINUTE) });
    expect(await lateOf(admin, waitingId)).toBeDefined();
    const usersAdmin = await adminWith({ adminUsers: ['view'] }, 'Noor');
    for (const person of [usersAdmin, tutor, student]) expect((await homeOf(person)).lateTutors).toEqual([]);
  });
});
