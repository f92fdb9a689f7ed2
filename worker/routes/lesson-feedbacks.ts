import { type Context, Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import {
  FEEDBACK_MESSAGES,
  type FeedbackAuthor,
  feedbackListQuery,
  feedbackRewards,
  type LessonFeedback,
  studentFeedbackFields,
  studentFeedbackInput,
  tutorFeedbackFields,
  tutorFeedbackInput,
} from '../../schema/contracts/lesson-feedbacks';
import { courseQuery } from '../../schema/contracts/sections';
import type { AppBindings } from '../env';
import {
  adminFeedbackPage,
  deleteFeedback,
  feedbackPage,
  giveStudentFeedback,
  giveTutorFeedback,
  ownFeedback,
  updateFeedback,
} from '../lib/lesson-feedbacks/feedbacks';
import { feedbackLessons } from '../lib/lesson-feedbacks/lessons';
import { notifyFeedback } from '../lib/lesson-feedbacks/notices';
import { afterAnswer, notifyContext } from '../lib/notifications/context';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requireRole } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

type Ctx = Context<AppBindings>;

const tutorBase = '/lesson-tutor-feedbacks';
const studentBase = '/lesson-student-feedbacks';
const baseOf: Record<FeedbackAuthor, string> = { TUTOR: tutorBase, STUDENT: studentBase };

const told = (c: Ctx, feedback: LessonFeedback) => afterAnswer(c, notifyFeedback(notifyContext(c), feedback));

/** The author's edit: their own feedback is found before the body is read, so anyone else gets the 404 first. */
const edit = (author: FeedbackAuthor) => async (c: Ctx) => {
  const tdb = tenantDb(c);
  const id = c.req.param('id') ?? '';
  await ownFeedback(tdb, authOf(c), id, author);
  const input = await parseJson(c, author === 'TUTOR' ? tutorFeedbackFields : studentFeedbackFields);
  return c.json({ ...(await updateFeedback(tdb, authOf(c), id, author, input)), message: FEEDBACK_MESSAGES.updated });
};

/**
 * Lesson feedbacks: the lesson's tutor leaves each student stars, rewards and a comment; the student (and their
 * parents) read it; the student rates the lesson for the tutor. Admins list and delete both kinds.
 */
export const lessonFeedbackRoutes = new Hono<AppBindings>()
  .use(tutorBase, requireAuth, requireAccount)
  .use(`${tutorBase}/*`, requireAuth, requireAccount)
  .use(studentBase, requireAuth, requireAccount)
  .use(`${studentBase}/*`, requireAuth, requireAccount)
  .get(`${tutorBase}/feedback-rewards`, (c) => c.json(feedbackRewards))
  .get(`${tutorBase}/lessons`, validate('query', courseQuery), async (c) => c.json(await feedbackLessons(tenantDb(c), authOf(c), c.req.valid('query').course)))
  .get(tutorBase, validate('query', feedbackListQuery), async (c) => c.json(await feedbackPage(tenantDb(c), authOf(c), 'TUTOR', c.req.valid('query'))))
  .post(tutorBase, requireRole('TUTOR'), validate('json', tutorFeedbackInput), async (c) => {
    const feedback = await giveTutorFeedback(tenantDb(c), authOf(c), c.req.valid('json'));
    told(c, feedback);
    return c.json({ ...feedback, message: FEEDBACK_MESSAGES.saved }, 201);
  })
  .put(`${tutorBase}/:id`, validate('param', idParam), edit('TUTOR'))
  .get(studentBase, validate('query', feedbackListQuery), async (c) => c.json(await feedbackPage(tenantDb(c), authOf(c), 'STUDENT', c.req.valid('query'))))
  .post(studentBase, requireRole('STUDENT'), validate('json', studentFeedbackInput), async (c) => {
    const feedback = await giveStudentFeedback(tenantDb(c), authOf(c), c.req.valid('json'));
    told(c, feedback);
    return c.json({ ...feedback, message: FEEDBACK_MESSAGES.saved }, 201);
  })
  .put(`${studentBase}/:id`, validate('param', idParam), edit('STUDENT'));

/** The admin list of each kind, and deleting one, behind the admin-course flags. */
function adminRoutesFor(author: FeedbackAuthor) {
  const base = `/admin${baseOf[author]}`;
  return new Hono<AppBindings>()
    .use(base, requireAuth, requireAccount)
    .use(`${base}/*`, requireAuth, requireAccount)
    .get(base, requirePermission('adminCourse', ['view']), validate('query', feedbackListQuery), async (c) =>
      c.json(await adminFeedbackPage(tenantDb(c), author, c.req.valid('query'))),
    )
    .delete(`${base}/:id`, requirePermission('adminCourse', ['delete']), validate('param', idParam), async (c) =>
      c.json({ ...(await deleteFeedback(tenantDb(c), author, c.req.valid('param').id)), message: FEEDBACK_MESSAGES.deleted }),
    );
}

export const adminLessonFeedbackRoutes = new Hono<AppBindings>()
  .get('/admin/lesson-tutor-feedbacks/feedback-rewards', requireAuth, requirePermission('adminCourse', ['view']), (c) => c.json(feedbackRewards))
  .route('/', adminRoutesFor('TUTOR'))
  .route('/', adminRoutesFor('STUDENT'));
