import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { call } from '../helpers/admins';
import { signIn } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { seedDemo } from '../helpers/seed';

/**
 * The five causes of 500 issue 22 found, each reproduced as it was reported: every answer is a 4xx or a 2xx.
 * The generated search over every route is tests/api/bad-input.test.ts.
 */

let admin: string;
let student: string;
let tutor: string;
let open: Awaited<ReturnType<typeof seedQuizFixtures>>['open'];

beforeAll(async () => {
  await seedDemo();
  ({ open } = await seedQuizFixtures());
  admin = await signIn('admin@studyhall.test');
  student = await signIn('student2@studyhall.test');
  tutor = await signIn('tutor@studyhall.test');
});

async function expectNo500(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what} → ${res.status} ${text}`).toBeLessThan(500);
  return res.status;
}

describe('errors', () => {
  for (const length of [49, 100]) {
    it(`answers a search text of ${length} characters on the admin users list and the tags list`, async () => {
      const text = 'a'.repeat(length);
      await expectNo500(await call('GET', `/admin/users?searchText=${text}`, admin), `GET /admin/users?searchText= ${length} × a`);
      await expectNo500(await call('GET', `/tags/list?name=${text}`, student), `GET /tags/list?name= ${length} × a`);
    });
  }

  it('answers sortKey=__proto__ and the other inherited names on the admin courses list', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      await expectNo500(await call('GET', `/admin/courses?sortKey=${key}`, admin), `GET /admin/courses?sortKey=${key}`);
    }
  });

  it("answers a tutor's empty update of their course", async () => {
    await expectNo500(await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, tutor, {}), 'PUT /courses/{id} {}');
    await expectNo500(await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, tutor, { unknown: 1 }), 'PUT /courses/{id} {unknown}');
  });

  it('answers the second request for the mark of the same open answer', async () => {
    const started = await call('POST', '/submissions/createByQuizId', student, { quizId: QUIZ_IDS.mixed });
    expect([200, 201]).toContain(started.status);
    const { _id: submissionId } = await started.json<{ _id: string }>();
    const answer = { submissionId, questionId: open._id, answer: 'x = 5', answeredAt: Date.now() };
    expect((await call('POST', '/submissions/openEndedAnswer/add', student, answer)).status).toBe(200);
    const ref = { submissionId, questionId: open._id };
    expect(await expectNo500(await call('POST', '/submissions/openEndedAnswer/grade', student, ref), 'first mark')).toBe(200);
    await expectNo500(await call('POST', '/submissions/openEndedAnswer/grade', student, ref), 'second mark');
  });

  it('answers two admins creating a user with the same e-mail at the same moment: one created, one conflict', async () => {
    const body = { role: 'STUDENT', firstname: 'Twin', lastname: 'Create', email: 'twin@studyhall.test', country: 'sg' };
    const answers = await Promise.all([call('POST', '/admin/users', admin, body), call('POST', '/admin/users', admin, body)]);
    const statuses = await Promise.all(answers.map((res, i) => expectNo500(res, `create ${i + 1}`)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  });
});
