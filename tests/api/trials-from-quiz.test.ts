import { beforeAll, describe, expect, it } from 'vitest';
import type { TrialBooked } from '../../schema/contracts/trials';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { IGCSE_MATHS, trialSlots, weekdayAhead } from '../helpers/trials';

let as: Callers;
let maya: string;

beforeAll(async () => {
  ({ as, maya } = await seedCallersAndMaya());
  await seedQuizFixtures();
});

const fromQuiz = (body: unknown, token: string) => call('POST', '/trials/createFromQuiztopiya', token, body);

describe('POST trials/createFromQuiztopiya', () => {
  it('books a free trial for the quiz’s curriculum, subject and grade; the student picks only the time', async () => {
    const [slot] = await trialSlots(as.student, weekdayAhead(3));
    expect(slot).toBeDefined();
    const res = await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, as.student);
    expect(res.status).toBe(201);
    const { trial, courseId } = await res.json<TrialBooked>();
    expect(trial).toMatchObject(IGCSE_MATHS);
    expect(courseId).toBeTruthy();
  });

  it('answers bad times as field errors and another learner’s or an unknown attempt as 404', async () => {
    const [slot] = await trialSlots(as.student, weekdayAhead(4));
    await expectFieldError(await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: 'soon', endDate: slot!.end }, as.student), 'startDate');
    await expectFieldError(await fromQuiz({ startDate: slot!.start, endDate: slot!.end }, as.student), 'submissionId');
    expect((await fromQuiz({ submissionId: QUIZ_IDS.samSubmission, startDate: slot!.start, endDate: slot!.end }, maya)).status).toBe(404);
    expect((await fromQuiz({ submissionId: 'submission_nope', startDate: slot!.start, endDate: slot!.end }, as.student)).status).toBe(404);
  });

  it('is for students: a tutor and an admin are refused whatever the body', async () => {
    expect((await fromQuiz({}, as.tutor)).status).toBe(403);
    expect((await fromQuiz({}, as.admin)).status).toBe(403);
  });
});
