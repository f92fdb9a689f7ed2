import { desc, eq, gte, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import {
  adminTrialInput,
  adminTrialListQuery,
  adminTrialUpdate,
  quizTrialInput,
  type StudentTrials,
  type TrialRecording,
  trialInput,
  trialSignUpInput,
} from '../../schema/contracts/trials';
import { trials } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { assertCatalogue, assertUsers } from '../lib/courses/records';
import { mailFrom } from '../lib/mail-from';
import { listPage, paged, sortBy } from '../lib/pagination';
import { rememberSession } from '../lib/sessions';
import { tenantDb } from '../lib/tenant-db';
import type { TrialBooking } from '../lib/trials/book';
import { deleteTrial, updateTrial } from '../lib/trials/changes';
import { bookTrialFromQuiz } from '../lib/trials/from-quiz';
import { findTrial, readTrial, trialNotFound, trialRecords } from '../lib/trials/records';
import { bookOwnTrial, bookTrialAndTell, signUpForTrial } from '../lib/trials/student-booking';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const can = (action: string) => [requireAuth, requirePermission('trialClasses', [action])] as const;
const sortable = { start: trials.start, status: trials.status, createdAt: trials.createdAt, curriculum: trials.curriculum, subject: trials.subject };

const studentTrialRoutes = new Hono<AppBindings>()
  .post('/trials/sign-up', validate('json', trialSignUpInput), async (c) => {
    const input = { body: c.req.valid('json'), authorization: c.req.header('authorization'), mail: mailFrom(c) };
    const { granted, booked } = await signUpForTrial(tenantDb(c), c.env.TOKEN_SECRET, input);
    await rememberSession(c, granted);
    return c.json({ ...granted.body, ...booked }, 201);
  })
  .post('/trials', requireAuth, requireAccount, async (c) =>
    c.json(await bookOwnTrial(tenantDb(c), authOf(c), () => parseJson(c, trialInput), mailFrom(c)), 201),
  )
  .post('/trials/createFromQuiztopiya', requireAuth, requireAccount, async (c) =>
    c.json(await bookTrialFromQuiz(tenantDb(c), authOf(c), () => parseJson(c, quizTrialInput), mailFrom(c)), 201),
  )
  // The trial-recording page: the trial's student and tutor, and admins who see trials, learn which lesson it was.
  .get('/trials/trial-recordings/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { actingUserId, userId } = authOf(c);
    const trial = await findTrial(tdb, c.req.valid('param').id);
    const own = trial.studentId === actingUserId || trial.tutorId === actingUserId;
    if (!own && !hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, userId), c.get('tenant').permissions, { trialClasses: ['view'] })) {
      throw trialNotFound();
    }
    const body: TrialRecording = { _id: trial._id, sectionId: trial.sectionId, courseId: trial.courseId, status: trial.status };
    return c.json(body);
  })
  .get('/trials', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const { actingUserId } = authOf(c);
    const rows = await tdb.db
      .select()
      .from(trials)
      .where(tdb.where(trials, or(eq(trials.studentId, actingUserId), eq(trials.tutorId, actingUserId))))
      .orderBy(trials.start)
      .all();
    const now = Date.now();
    // A scheduled trial whose time has passed is done from the student's view, whatever an admin has yet to record.
    const upcoming = (row: (typeof rows)[number]) => (row.status === 'SCHEDULED' || row.status === 'PENDING') && row.end.getTime() > now;
    const records = await trialRecords(tdb, rows);
    const body: StudentTrials = {
      upcomingTrials: records.filter((_, i) => upcoming(rows[i]!)),
      completedTrials: records.filter((_, i) => !upcoming(rows[i]!)).reverse(),
    };
    return c.json(body);
  });

const adminTrialRoutes = new Hono<AppBindings>()
  .get('/admin/trials', ...can('view'), validate('query', adminTrialListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      trials,
      q.curriculum ? eq(trials.curriculum, q.curriculum) : undefined,
      q.subject ? eq(trials.subject, q.subject) : undefined,
      q.grade ? eq(trials.grade, q.grade) : undefined,
      q.studentId ? eq(trials.studentId, q.studentId) : undefined,
      q.tutorId ? eq(trials.tutorId, q.tutorId) : undefined,
      q.status ? eq(trials.status, q.status) : undefined,
      q.start ? gte(trials.start, q.start) : undefined,
      q.end ? lt(trials.start, q.end) : undefined,
    );
    const order = sortBy(q, sortable, desc(trials.start));
    const page = await listPage(tdb.db, trials, where, q, (p) =>
      tdb.db.select().from(trials).where(where).orderBy(order, trials._id).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(paged(await trialRecords(tdb, page.docs), page.totalDocs, q));
  })
  .post('/admin/trials', ...can('create'), validate('json', adminTrialInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    await assertCatalogue(tdb, input);
    await assertUsers(tdb, [input.studentId], 'STUDENT', 'studentId', false);
    await assertUsers(tdb, [input.tutorId], 'TUTOR', 'tutorId', false);
    // An admin may book outside the tutor's published hours (they agreed it with the tutor), never over a lesson.
    const booking: TrialBooking = {
      curriculum: input.curriculum,
      subject: input.subject,
      grade: input.grade,
      studentId: input.studentId,
      start: input.startDate,
      end: input.endDate,
      createdBy: authOf(c).userId,
      placer: 'admin',
      status: input.status,
      outcome: input.outcome ?? null,
      notes: input.notes,
    };
    const booked = await bookTrialAndTell(tdb, [input.tutorId], booking, mailFrom(c));
    return c.json(await readTrial(tdb, booked.trialId), 201);
  })
  .put('/admin/trials/:id', ...can('edit'), validate('param', idParam), validate('json', adminTrialUpdate), async (c) => {
    const tdb = tenantDb(c);
    const trial = await findTrial(tdb, c.req.valid('param').id);
    await updateTrial(tdb, trial, c.req.valid('json'));
    return c.json(await readTrial(tdb, trial._id));
  })
  .delete('/admin/trials/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const trial = await readTrial(tdb, c.req.valid('param').id);
    await deleteTrial(tdb, trial);
    return c.json(trial);
  });

export const trialRoutes = new Hono<AppBindings>().route('/', studentTrialRoutes).route('/', adminTrialRoutes);
