import { beforeAll, describe, expect, it } from 'vitest';
import { alreadyHadTrial, type StudentTrials, type TrialBooked } from '../../schema/contracts/trials';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { PARTNER_HOST } from '../helpers/seed';
import { IGCSE_MATHS, trialSlots, weekdayAhead } from '../helpers/trials';

let as: Callers;
let maya: string;

beforeAll(async () => {
  ({ as, maya } = await seedCallersAndMaya());
  await seedQuizFixtures();
});

const fromQuiz = (body: unknown, token: string, headers: Record<string, string> = {}, host = 'localhost') =>
  api(
    '/trials/createFromQuiztopiya',
    { method: 'POST', headers: { ...bearer(token, headers), 'content-type': 'application/json' }, body: JSON.stringify(body) },
    host,
  );
const samsTrials = async () => (await call('GET', '/trials', as.student)).json<StudentTrials>();
const trialCount = async () => {
  const mine = await samsTrials();
  return mine.upcomingTrials.length + mine.completedTrials.length;
};

describe('POST trials/createFromQuiztopiya', () => {
  let booked: TrialBooked;

  it('books a free trial for the quiz’s curriculum, subject and grade; the student picks only the time', async () => {
    const [slot] = await trialSlots(as.student, weekdayAhead(3));
    expect(slot).toBeDefined();
    const res = await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, as.student);
    expect(res.status).toBe(201);
    booked = await res.json<TrialBooked>();
    expect(booked.trial).toMatchObject({ ...IGCSE_MATHS, status: 'SCHEDULED', start: slot!.start });
    expect(booked.courseId).toBeTruthy();
    // It is the student's trial like any other: listed among his upcoming trials.
    expect((await samsTrials()).upcomingTrials.map((t) => t._id)).toContain(booked.trial._id);
  });

  it('answers bad times as field errors and another learner’s or an unknown attempt as 404', async () => {
    const [slot] = await trialSlots(as.student, weekdayAhead(4));
    await expectFieldError(await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: 'soon', endDate: slot!.end }, as.student), 'startDate');
    await expectFieldError(await fromQuiz({ startDate: slot!.start, endDate: slot!.end }, as.student), 'submissionId');
    const body = { submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end };
    expect((await fromQuiz(body, maya)).status).toBe(404);
    // A parent acting for Maya cannot use Sam's attempt either.
    expect((await fromQuiz(body, as.parent, { 'x-user-id': 'user_student2' })).status).toBe(404);
    expect((await fromQuiz({ ...body, submissionId: 'submission_nope' }, as.student)).status).toBe(404);
  });

  it('answers another site’s learner holding Sam’s attempt id as 404', async () => {
    const partnerLearner = await signIn('learner@partner.test', PARTNER_HOST);
    const [slot] = await trialSlots(as.student, weekdayAhead(4));
    const res = await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, partnerLearner, {}, PARTNER_HOST);
    expect(res.status).toBe(404);
  });

  it('tells a student who already has a trial in that subject so, and books nothing', async () => {
    const before = await trialCount();
    const [slot] = await trialSlots(as.student, weekdayAhead(5));
    const res = await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, as.student);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe(alreadyHadTrial(IGCSE_MATHS, true));
    expect(await trialCount()).toBe(before);
  });

  it('lets a cancelled trial count for nothing: it never took place', async () => {
    expect((await call('PUT', `/admin/trials/${booked.trial._id}`, as.admin, { status: 'CANCELED' })).status).toBe(200);
    const [slot] = await trialSlots(as.student, weekdayAhead(5));
    const res = await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, as.student);
    expect(res.status).toBe(201);
  });

  it('is for students: a tutor and an admin are refused whatever the body', async () => {
    expect((await fromQuiz({}, as.tutor)).status).toBe(403);
    expect((await fromQuiz({}, as.admin)).status).toBe(403);
  });
});
