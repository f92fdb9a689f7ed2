import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  aboutPageInput,
  answerInput,
  countdownInput,
  createByQuizInput,
  createSubmissionInput,
  openFeedbackInput,
  overrideInput,
  pageQuery,
  questionRef,
  submissionListQuery,
  submissionRef,
} from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { quizAboutPage } from '../lib/quiz/about';
import {
  attemptFeedback,
  attemptQuestion,
  explainQuestion,
  finishAttempt,
  markOpenAnswer,
  overrideMark,
  ownAttempt,
  questionTimer,
  revealAnswer,
  saveAnswer,
  saveOpenFeedback,
  setCountdown,
  showHint,
  startByQuiz,
  startBySubTopic,
} from '../lib/quiz/attempts';
import { learnerAttempts, ownAttempts, ownQuizHistory } from '../lib/quiz/history';
import { courseLearners } from '../lib/quiz/reviewers';
import { reviewAttempt, reviewQuestion } from '../lib/quiz/reviews';
import { tenantDb } from '../lib/tenant-db';
import { tutorHelper } from '../lib/tutor-helper';
import { authOf, requireAuth } from '../middleware/auth';
import { requireLearner, requireMarker, requireReviewer, reviewerOf } from '../middleware/quiz';
import { validate } from '../middleware/validate';

const submissionIdParam = z.object({ submissionId: recordId });
const quizIdParam = z.object({ quizId: recordId });
const userIdParam = z.object({ userId: recordId });
const courseIdParam = z.object({ courseId: recordId });
const questionIdParam = z.object({ questionId: recordId });

/** Taking a quiz: every call but the tutor's override is the learner's own, gated before its input is read. */
export const submissionRoutes = new Hono<AppBindings>()
  .use('/submissions', requireAuth)
  .use('/submissions/*', requireAuth)
  .get('/submissions', requireLearner, validate('query', submissionListQuery), async (c) =>
    c.json(await ownAttempts(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .get('/submissions/quizHistory/:quizId', requireLearner, validate('param', quizIdParam), async (c) =>
    c.json(await ownQuizHistory(tenantDb(c), authOf(c), c.req.valid('param'))),
  )
  .post('/submissions', requireLearner, validate('json', createSubmissionInput), async (c) => {
    const { doc, created } = await startBySubTopic(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json(doc, created ? 201 : 200);
  })
  .post('/submissions/createByQuizId', requireLearner, validate('json', createByQuizInput), async (c) => {
    const { doc, created } = await startByQuiz(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json(doc, created ? 201 : 200);
  })
  .post('/submissions/answer/add', requireLearner, validate('json', answerInput), async (c) =>
    c.json(await saveAnswer(tenantDb(c), authOf(c), c.req.valid('json'), 'ANY')),
  )
  .post('/submissions/openEndedAnswer/add', requireLearner, validate('json', answerInput), async (c) =>
    c.json(await saveAnswer(tenantDb(c), authOf(c), c.req.valid('json'), 'OPEN')),
  )
  .post('/submissions/openEndedAnswer/grade', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await markOpenAnswer(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env))),
  )
  .post('/submissions/finish', requireLearner, validate('json', submissionRef), async (c) =>
    c.json(await finishAttempt(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env))),
  )
  .post('/submissions/question/get', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await attemptQuestion(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .post('/submissions/question/get-ai-explanation', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await explainQuestion(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env))),
  )
  .post('/submissions/answer/get', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await revealAnswer(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .post('/submissions/aiHint', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await showHint(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env))),
  )
  .post('/submissions/updateSubmissionCountdownSettings', requireLearner, validate('json', countdownInput), async (c) =>
    c.json(await setCountdown(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .post('/submissions/startSubmissionQuestionTimer', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await questionTimer(tenantDb(c), authOf(c), c.req.valid('json'), 'start')),
  )
  .post('/submissions/endSubmissionQuestionTimer', requireLearner, validate('json', questionRef), async (c) =>
    c.json(await questionTimer(tenantDb(c), authOf(c), c.req.valid('json'), 'end')),
  )
  .post('/submissions/updateQuestionOpenAiFeedback', requireLearner, validate('json', openFeedbackInput), async (c) =>
    c.json(await saveOpenFeedback(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .post('/submissions/getQuizDataForAboutPage', requireLearner, validate('json', aboutPageInput), async (c) =>
    c.json(await quizAboutPage(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .get('/submissions/get-ai-feedback/:submissionId', requireLearner, validate('param', submissionIdParam), async (c) =>
    c.json(await attemptFeedback(tenantDb(c), authOf(c), c.req.valid('param'))),
  )
  .post('/submissions/overrideMark', requireMarker, validate('json', overrideInput), async (c) =>
    c.json(await overrideMark(tenantDb(c), reviewerOf(c), c.req.valid('json'))),
  )
  .get('/submissions/:id', requireLearner, validate('param', idParam), async (c) => c.json(await ownAttempt(tenantDb(c), authOf(c), c.req.valid('param'))));

/** Review of learners' attempts: admins holding submissions view, and tutors for the learners they teach. */
export const adminSubmissionRoutes = new Hono<AppBindings>()
  .use('/admin/submissions/*', requireAuth, requireReviewer)
  .get('/admin/submissions/quizHistory/:userId', validate('param', userIdParam), validate('query', pageQuery), async (c) =>
    c.json(await learnerAttempts(tenantDb(c), reviewerOf(c), c.req.valid('param').userId, c.req.valid('query'))),
  )
  .get('/admin/submissions/course-learners/:courseId', validate('param', courseIdParam), async (c) =>
    c.json(await courseLearners(tenantDb(c), reviewerOf(c), c.req.valid('param').courseId)),
  )
  .get('/admin/submissions/question/:questionId', validate('param', questionIdParam), validate('query', submissionRef), async (c) =>
    c.json(await reviewQuestion(tenantDb(c), reviewerOf(c), { ...c.req.valid('query'), ...c.req.valid('param') })),
  )
  .get('/admin/submissions/:id', validate('param', idParam), async (c) => c.json(await reviewAttempt(tenantDb(c), reviewerOf(c), c.req.valid('param').id)));
