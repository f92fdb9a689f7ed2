import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '../../schema/contracts/home';
import { sectionAttendees, submissions, userMappers } from '../../schema/tables';
import { api, bearer } from '../helpers/auth';
import type { Person } from '../helpers/docs';
import { QUIZ_IDS } from '../helpers/quiz-fixtures';
import { db, signedInUser } from '../helpers/realtime';
import { seedDemo } from '../helpers/seed';
import { MINUTE, waitingLesson } from '../helpers/waiting-room';

const DAY = 24 * 60 * MINUTE;

let parent: Person;
let otherParent: Person;
let sara: Person;
let lena: Person;
let olive: Person;
let tutor: Person;
const lessonIds: Record<string, string> = {};

const homeOf = async (person: Person, headers: Record<string, string> = {}) => {
  const res = await api('/home', { headers: bearer(person.token, headers) });
  expect(res.status).toBe(200);
  return res.json<HomeData>();
};

/** A lesson `inDays` from now that names these students as its attendees, as booking does. */
async function lessonFor(students: Person[], inDays: number, status: 'ACTIVE' | 'CANCELLED' = 'ACTIVE') {
  const { waitingId, course } = await waitingLesson({ tutors: [tutor], students, start: new Date(Date.now() + inDays * DAY), status });
  await db
    .insert(sectionAttendees)
    .values(students.map((s) => ({ tenantId: course.tenantId, sectionId: waitingId, userId: s.user._id, kind: 'STUDENT' as const })));
  return waitingId;
}

const finishedAttempt = (person: Person, score: number, completedAt: Date, status: 'COMPLETED' | 'IN_PROGRESS' = 'COMPLETED') =>
  db
    .insert(submissions)
    .values({ tenantId: person.tenant._id, userId: person.user._id, quizId: QUIZ_IDS.published, status, score, maxScore: 10, completedAt })
    .returning()
    .get();

const link = (p: Person, child: Person) => db.insert(userMappers).values({ tenantId: p.tenant._id, parentId: p.user._id, studentId: child.user._id });

let saraLatest: string;
let saraEarlier: string;

beforeAll(async () => {
  await seedDemo();
  [parent, otherParent, sara, lena, olive, tutor] = await Promise.all([
    signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Pat' }),
    signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Oona' }),
    signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sara', lastname: 'Lim' }),
    signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Lena', lastname: 'Lim' }),
    signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Olive', lastname: 'Ong' }),
    signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Tomas', lastname: 'Ng' }),
  ]);
  await Promise.all([link(parent, sara), link(parent, lena), link(otherParent, olive)]);
  lessonIds.saraOnly = await lessonFor([sara], 2);
  lessonIds.shared = await lessonFor([sara, lena], 1);
  lessonIds.lenaOnly = await lessonFor([lena], 3);
  lessonIds.cancelled = await lessonFor([sara], 1.5, 'CANCELLED');
  lessonIds.past = await lessonFor([sara], -2);
  lessonIds.olive = await lessonFor([olive], 1);
  saraEarlier = (await finishedAttempt(sara, 6, new Date(Date.now() - 2 * DAY)))._id;
  saraLatest = (await finishedAttempt(sara, 8, new Date(Date.now() - DAY)))._id;
  await finishedAttempt(sara, 0, new Date(), 'IN_PROGRESS');
  await finishedAttempt(olive, 9, new Date(Date.now() - DAY));
});

describe("a parent's home", () => {
  it("lists each child's latest finished quizzes with their scores, the latest first", async () => {
    const home = await homeOf(parent);
    expect(home.children.map((c) => c.child)).toEqual([
      { _id: lena.user._id, firstname: 'Lena', lastname: 'Lim' },
      { _id: sara.user._id, firstname: 'Sara', lastname: 'Lim' },
    ]);
    const [lenas, saras] = home.children;
    expect(lenas!.quizResults).toEqual([]);
    expect(saras!.quizResults.map((r) => r._id)).toEqual([saraLatest, saraEarlier]);
    expect(saras!.quizResults[0]).toEqual({
      _id: saraLatest,
      quizId: QUIZ_IDS.published,
      title: expect.any(String),
      subject: expect.any(String),
      score: 8,
      maxScore: 10,
      finishedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it("puts the children's coming lessons in one schedule by date, each labelled with its children", async () => {
    const { familySchedule } = await homeOf(parent);
    expect(familySchedule.map((l) => l._id)).toEqual([lessonIds.shared, lessonIds.saraOnly, lessonIds.lenaOnly]);
    expect(familySchedule.map((l) => l.children.map((c) => c.firstname))).toEqual([['Lena', 'Sara'], ['Sara'], ['Lena']]);
    expect(familySchedule[0]).toMatchObject({ title: 'Quadratics', course: { title: 'Algebra' }, lessonStatus: 'scheduled' });
  });

  it("never shows another family's child, their results or their lessons", async () => {
    const home = await homeOf(parent);
    expect(home.children.map((c) => c.child._id)).not.toContain(olive.user._id);
    expect(home.familySchedule.map((l) => l._id)).not.toContain(lessonIds.olive);
    const other = await homeOf(otherParent);
    expect(other.children.map((c) => c.child._id)).toEqual([olive.user._id]);
    expect(other.familySchedule.map((l) => l._id)).toEqual([lessonIds.olive]);
  });

  it('gives the family parts only to a parent signed in as themselves, not while acting for a child, nor to anyone else', async () => {
    const acting = await homeOf(parent, { 'x-user-id': sara.user._id });
    expect(acting.children).toEqual([]);
    expect(acting.familySchedule).toEqual([]);
    for (const person of [sara, tutor]) {
      const home = await homeOf(person);
      expect(home.children).toEqual([]);
      expect(home.familySchedule).toEqual([]);
    }
  });
});
