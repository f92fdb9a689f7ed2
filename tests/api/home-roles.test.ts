import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '../../schema/contracts/home';
import { api, bearer } from '../helpers/auth';
import type { Person } from '../helpers/docs';
import { RoomClient, signedInUser } from '../helpers/realtime';
import { MINUTE, waitingLesson, waitingPeople } from '../helpers/waiting-room';

let student: Person;
let tutor: Person;
let otherTutor: Person;

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
  ({ student, tutor } = await waitingPeople());
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
