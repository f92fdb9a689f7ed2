import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseFeedbackLessons, LessonFeedback } from '../../schema/contracts/lesson-feedbacks';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { lessonFeedbacks, notifications, sectionAttendees, sections } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { api, bearer, expectFieldError } from '../helpers/auth';
import { eventually } from '../helpers/docs';
import { otherParent } from '../helpers/hand-ins';
import { COURSE_IDS, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
let mayaParent: string;
const SAM = DEMO_USERS.student._id;
const MAYA = DEMO_USERS.student2._id;
const THEO = DEMO_USERS.tutor._id;
const PAT = DEMO_USERS.parent._id;
const TENANT = TENANT_IDS.studyhall;
const PAST = 'feedback_lesson_past';
const MAYAS = 'feedback_lesson_maya';
const FUTURE = COURSE_IDS.lesson;

type Page = { docs: LessonFeedback[]; totalDocs: number };
const rows = async () => JSON.stringify(await db.select().from(lessonFeedbacks).orderBy(lessonFeedbacks._id).all());
const list = async (path: string, token: string, headers: Record<string, string> = {}) => (await api(path, { headers: bearer(token, headers) })).json<Page>();

async function pastLesson(_id: string, courseId: string, studentId: string) {
  await db.insert(sections).values({
    _id,
    tenantId: TENANT,
    courseId,
    kind: 'TEAMS',
    title: `Past lesson ${_id}`,
    sortingKey: 50,
    start: new Date(Date.now() - 2 * 60 * 60_000),
    duration: 60,
    createdBy: DEMO_USERS.admin._id,
  });
  await db.insert(sectionAttendees).values([
    { tenantId: TENANT, sectionId: _id, userId: THEO, kind: 'TUTOR' },
    { tenantId: TENANT, sectionId: _id, userId: studentId, kind: 'STUDENT' },
  ]);
}

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
  mayaParent = await otherParent();
  await pastLesson(PAST, COURSE_IDS.sam, SAM);
  await pastLesson(MAYAS, COURSE_IDS.maya, MAYA);
});

describe('happy', () => {
  let fromTheo: LessonFeedback;
  let fromSam: LessonFeedback;

  it('lists the rewards a tutor can give', async () => {
    const rewards = await (await call('GET', '/lesson-tutor-feedbacks/feedback-rewards', as.tutor)).json<{ key: string }[]>();
    expect(rewards.map((r) => r.key)).toContain('STAR_LEARNER');
    expect((await call('GET', '/admin/lesson-tutor-feedbacks/feedback-rewards', as.admin)).status).toBe(200);
  });

  it('Theo leaves Sam stars, rewards and a comment; Sam and his parent read it and are told', async () => {
    const res = await call('POST', '/lesson-tutor-feedbacks', as.tutor, {
      section: PAST,
      student: SAM,
      stars: 4,
      rewards: ['STAR_LEARNER', 'GREAT_EFFORT'],
      comment: 'Well done on factorising.',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    fromTheo = await res.json<LessonFeedback>();
    expect(fromTheo).toMatchObject({ author: 'TUTOR', stars: 4, section: PAST, tutor: { _id: THEO }, student: { _id: SAM } });
    expect(fromTheo.rewards.map((r) => r.label)).toEqual(['Star learner', 'Great effort']);
    for (const [token, headers] of [
      [as.student, {}],
      [as.parent, {}],
      [as.parent, { 'x-user-id': SAM }],
      [as.tutor, {}],
    ] as const) {
      expect((await list(`/lesson-tutor-feedbacks?section=${PAST}`, token, headers)).docs.map((f) => f._id)).toEqual([fromTheo._id]);
    }
    await eventually(async () => {
      for (const person of [SAM, PAT]) {
        const notices = await db.select().from(notifications).where(eq(notifications.userId, person)).all();
        expect(notices.filter((n) => n.dedupeKey === `lesson-tutor-feedback:${fromTheo._id}`)).toHaveLength(1);
      }
    });
    const [notice] = (await db.select().from(notifications).where(eq(notifications.userId, SAM)).all()).filter((n) => n.dedupeKey.startsWith('lesson-tutor'));
    expect(notice!.body).toBe(`Theo Tutor gave you ★★★★☆ for “Past lesson ${PAST}” and 🌟 Star learner, 💪 Great effort. “Well done on factorising.”`);
  });

  it('Theo edits his feedback', async () => {
    const res = await call('PUT', `/lesson-tutor-feedbacks/${fromTheo._id}`, as.tutor, { stars: 5, rewards: ['MOST_IMPROVED'], comment: 'Even better.' });
    expect(await res.json()).toMatchObject({ stars: 5, comment: 'Even better.', rewards: [{ key: 'MOST_IMPROVED' }], message: 'Feedback updated!' });
  });

  it('Sam rates the lesson for Theo, and edits it; Theo reads it and is told', async () => {
    const res = await call('POST', '/lesson-student-feedbacks', as.student, { section: PAST, stars: 5, comment: 'Clear explanations.' });
    expect(res.status, await res.clone().text()).toBe(201);
    fromSam = await res.json<LessonFeedback>();
    expect(fromSam).toMatchObject({ author: 'STUDENT', tutor: { _id: THEO }, student: { _id: SAM }, rewards: [] });
    expect(await (await call('PUT', `/lesson-student-feedbacks/${fromSam._id}`, as.student, { stars: 4, comment: 'Good.' })).json()).toMatchObject({
      stars: 4,
    });
    expect((await list(`/lesson-student-feedbacks?tutorId=${THEO}`, as.tutor)).docs.map((f) => f._id)).toEqual([fromSam._id]);
    expect((await list(`/lesson-student-feedbacks?studentId=${SAM}`, as.student)).totalDocs).toBe(1);
    await eventually(async () => {
      const notices = await db.select().from(notifications).where(eq(notifications.userId, THEO)).all();
      expect(notices.filter((n) => n.dedupeKey === `lesson-student-feedback:${fromSam._id}`)).toHaveLength(1);
    });
  });

  it('admins list every feedback by filter and delete one', async () => {
    expect((await list(`/admin/lesson-tutor-feedbacks?studentId=${SAM}`, as.admin)).totalDocs).toBe(1);
    expect((await list(`/admin/lesson-student-feedbacks?course=${COURSE_IDS.sam}`, as.admin)).totalDocs).toBe(1);
    expect((await list(`/admin/lesson-student-feedbacks?course=${COURSE_IDS.maya}`, as.admin)).totalDocs).toBe(0);
    const gone = await call('DELETE', `/admin/lesson-student-feedbacks/${fromSam._id}`, as.admin);
    expect(await gone.json()).toMatchObject({ _id: fromSam._id, message: 'Feedback deleted!' });
    expect((await list(`/admin/lesson-student-feedbacks`, as.admin)).totalDocs).toBe(0);
    expect((await call('DELETE', `/admin/lesson-tutor-feedbacks/${fromSam._id}`, as.admin)).status).toBe(404);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = await rows();
    const give = (body: object) => call('POST', '/lesson-tutor-feedbacks', as.tutor, { section: MAYAS, student: MAYA, stars: 3, ...body });
    await expectFieldError(await give({ stars: 6 }), 'stars');
    await expectFieldError(await give({ stars: 2.5 }), 'stars');
    await expectFieldError(await give({ rewards: ['GOLD'] }), 'rewards.0');
    await expectFieldError(await give({ rewards: ['STAR_LEARNER', 'STAR_LEARNER'] }), 'rewards');
    await expectFieldError(await give({ rewards: ['STAR_LEARNER', 'GREAT_EFFORT', 'PROBLEM_SOLVER', 'MOST_IMPROVED'] }), 'rewards');
    await expectFieldError(await give({ comment: 'x'.repeat(2001) }), 'comment');
    await expectFieldError(await give({ student: SAM }), 'student');
    await expectFieldError(await call('POST', '/lesson-student-feedbacks', maya, { section: MAYAS }), 'stars');
    expect(await rows()).toBe(before);
  });

  it('refuses feedback on a lesson still to come and a second feedback on the same lesson', async () => {
    const before = await rows();
    expect((await call('POST', '/lesson-tutor-feedbacks', as.tutor, { section: FUTURE, student: SAM, stars: 3 })).status).toBe(409);
    expect((await call('POST', '/lesson-tutor-feedbacks', as.tutor, { section: PAST, student: SAM, stars: 3 })).status).toBe(409);
    expect(await rows()).toBe(before);
  });
});

describe('permissions', () => {
  let mayas: LessonFeedback;

  beforeAll(async () => {
    mayas = await (await call('POST', '/lesson-tutor-feedbacks', as.tutor, { section: MAYAS, student: MAYA, stars: 3 })).json<LessonFeedback>();
  });

  it('another student, another family’s parent and a parent acting for Maya do not see Sam’s; Sam does not see Maya’s', async () => {
    for (const [token, headers] of [
      [maya, {}],
      [mayaParent, {}],
      [as.parent, { 'x-user-id': MAYA }],
    ] as const) {
      const seen = await list('/lesson-tutor-feedbacks', token, headers);
      expect(seen.docs.every((f) => f.student._id === MAYA)).toBe(true);
      expect(seen.totalDocs).toBe(1);
    }
    expect((await list('/lesson-tutor-feedbacks', as.student)).docs.map((f) => f.student._id)).toEqual([SAM]);
    expect((await list('/lesson-tutor-feedbacks', as.parent)).totalDocs).toBe(2);
  });

  it('only the author edits (404 for anyone else), only a tutor of the lesson gives feedback, only its student rates it', async () => {
    const before = await rows();
    const [theos] = (await list(`/lesson-tutor-feedbacks?section=${PAST}`, as.tutor)).docs;
    expect((await call('PUT', `/lesson-tutor-feedbacks/${theos!._id}`, as.student, { stars: 1 })).status).toBe(404);
    expect((await call('PUT', `/lesson-tutor-feedbacks/${theos!._id}`, maya, { stars: 1 })).status).toBe(404);
    expect((await call('PUT', `/lesson-student-feedbacks/${mayas._id}`, maya, { stars: 1 })).status).toBe(404);
    expect((await call('POST', '/lesson-tutor-feedbacks', as.student, { section: PAST, student: SAM, stars: 5 })).status).toBe(403);
    expect((await call('POST', '/lesson-tutor-feedbacks', as.admin, { section: PAST, student: SAM, stars: 5 })).status).toBe(403);
    expect((await call('POST', '/lesson-student-feedbacks', maya, { section: PAST, stars: 1 })).status).toBe(404);
    expect(
      (
        await api('/lesson-student-feedbacks', {
          method: 'POST',
          headers: bearer(as.parent, { 'x-user-id': SAM, 'content-type': 'application/json' }),
          body: '{"section":"x","stars":1}',
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/lesson-tutor-feedbacks', as.admin)).status).toBe(403);
    expect((await call('GET', '/admin/lesson-tutor-feedbacks', as.approver)).status).toBe(403);
    expect((await call('DELETE', `/admin/lesson-tutor-feedbacks/${mayas._id}`, as.enterer)).status).toBe(403);
    expect((await call('DELETE', `/admin/lesson-tutor-feedbacks/${mayas._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(await rows()).toBe(before);
  });
});

describe('the lessons that take feedback', () => {
  it('gives the tutor every student, the student only themselves, and refuses a stranger', async () => {
    const theo = await (await call('GET', `/lesson-tutor-feedbacks/lessons?course=${COURSE_IDS.sam}`, as.tutor)).json<CourseFeedbackLessons>();
    expect(theo).toMatchObject({ gives: true, rates: false });
    expect(theo.lessons.map((l) => l._id)).toEqual([PAST]);
    expect(theo.lessons[0]!.students.map((s) => s.firstname)).toEqual(['Sam']);
    const sam = await (await call('GET', `/lesson-tutor-feedbacks/lessons?course=${COURSE_IDS.sam}`, as.student)).json<CourseFeedbackLessons>();
    expect(sam).toMatchObject({ gives: false, rates: true, lessons: [{ _id: PAST, tutors: [{ firstname: 'Theo' }] }] });
    const pat = await api(`/lesson-tutor-feedbacks/lessons?course=${COURSE_IDS.sam}`, { headers: bearer(as.parent, { 'x-user-id': SAM }) });
    expect(await pat.json()).toMatchObject({ gives: false, rates: false });
    expect((await call('GET', `/lesson-tutor-feedbacks/lessons?course=${COURSE_IDS.sam}`, maya)).status).toBe(404);
    await expectFieldError(await call('GET', '/lesson-tutor-feedbacks/lessons', as.tutor), 'course');
  });
});
