import { desc, eq, gte, lt, or } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { sendEmail } from '../../platform/email/outbox';
import { ApiError } from '../../platform/errors';
import { idParam } from '../../schema/contracts/common';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import {
  adminTrialInput,
  adminTrialListQuery,
  adminTrialUpdate,
  type StudentTrials,
  type TrialBooked,
  type TrialRecording,
  trialInput,
  trialSignUpInput,
} from '../../schema/contracts/trials';
import { trials, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { assertCatalogue, assertUsers } from '../lib/courses/records';
import { listPage, paged, sortBy } from '../lib/pagination';
import { rememberSession } from '../lib/sessions';
import { accountWrite, grantNewAccount, guestSessionOf, withAccountRace } from '../lib/sign-up';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { bookTrial, type TrialBooking } from '../lib/trials/book';
import { deleteTrial, updateTrial } from '../lib/trials/changes';
import { tutorsFreeAt } from '../lib/trials/choose-tutor';
import { trialBookedMail } from '../lib/trials/mail';
import { trialRecords } from '../lib/trials/records';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const can = (action: string) => [requireAuth, requirePermission('trialClasses', [action])] as const;
const sortable = { start: trials.start, status: trials.status, createdAt: trials.createdAt, curriculum: trials.curriculum, subject: trials.subject };
const notFound = () => new ApiError(404, 'Trial not found');

async function findTrial(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(trials)
    .where(tdb.where(trials, eq(trials._id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

async function readTrial(tdb: TenantDb, id: string) {
  const [trial] = await trialRecords(tdb, [await findTrial(tdb, id)]);
  return trial!;
}

async function person(tdb: TenantDb, id: string) {
  return tdb.db
    .select({ role: users.role, email: users.email, firstname: users.firstname, lastname: users.lastname, timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, eq(users._id, id)))
    .get();
}

/** Confirms the booking to the student; the answer never waits on, or fails with, the mail provider. */
async function mailStudent(c: Context<AppBindings>, tdb: TenantDb, booking: TrialBooking, tutorId: string, courseId: string) {
  const [student, tutor] = await Promise.all([person(tdb, booking.studentId), person(tdb, tutorId)]);
  if (!student?.email) return;
  const mail = await trialBookedMail({
    to: student.email,
    firstname: student.firstname,
    productName: c.get('tenant').name,
    subject: booking.subject,
    grade: booking.grade,
    start: booking.start,
    timezone: student.timezone,
    tutorName: tutor ? `${tutor.firstname} ${tutor.lastname}`.trim() : 'your tutor',
    link: `${new URL(c.req.url).origin}/learning-portal/portal/courses/${courseId}`,
  });
  await sendEmail({ db: tdb.db, env: c.env, tenantId: tdb.tenantId, waitUntil: (p) => c.executionCtx.waitUntil(p) }, mail);
}

const studentTrialRoutes = new Hono<AppBindings>()
  .post('/trials/sign-up', validate('json', trialSignUpInput), async (c) => {
    const tdb = tenantDb(c);
    const { curriculum, subject, grade, startDate, endDate, tutorId, ...account } = c.req.valid('json');
    await assertCatalogue(tdb, { curriculum, subject, grade });
    // The slot is checked before the account exists, so a stale slot never leaves an account without its trial.
    const free = await tutorsFreeAt(tdb, { curriculum, subject, grade }, startDate, tutorId);
    const guest = await guestSessionOf(tdb, c.env.TOKEN_SECRET, c.req.header('authorization'));
    const write = await accountWrite(tdb, guest, { ...account, role: 'STUDENT' });
    const booking: TrialBooking = {
      curriculum,
      subject,
      grade,
      studentId: write.userId,
      start: startDate,
      end: endDate,
      createdBy: write.userId,
      placer: 'student',
    };
    const booked = await withAccountRace(() => bookTrial(tdb, free, booking, [write.statement]));
    const granted = await grantNewAccount(tdb, c.env.TOKEN_SECRET, write.userId, write.guestSessionId);
    await rememberSession(c, granted);
    const token = granted.body;
    await mailStudent(c, tdb, booking, booked.tutorId, booked.courseId);
    const body: TrialBooked = { trial: await readTrial(tdb, booked.trialId), courseId: booked.courseId };
    return c.json({ ...token, ...body }, 201);
  })
  .post('/trials', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const { actingUserId } = authOf(c);
    const student = await person(tdb, actingUserId);
    if (student?.role !== 'STUDENT') throw new ApiError(403, 'Free trials are booked by or for a student');
    const { curriculum, subject, grade, startDate, endDate, tutorId } = await parseJson(c, trialInput);
    await assertCatalogue(tdb, { curriculum, subject, grade });
    const free = await tutorsFreeAt(tdb, { curriculum, subject, grade }, startDate, tutorId);
    const booking: TrialBooking = {
      curriculum,
      subject,
      grade,
      studentId: actingUserId,
      start: startDate,
      end: endDate,
      createdBy: authOf(c).userId,
      placer: 'student',
    };
    const booked = await bookTrial(tdb, free, booking);
    await mailStudent(c, tdb, booking, booked.tutorId, booked.courseId);
    const body: TrialBooked = { trial: await readTrial(tdb, booked.trialId), courseId: booked.courseId };
    return c.json(body, 201);
  })
  // The trial-recording page: the trial's student and tutor, and admins who see trials, learn which lesson it was.
  .get('/trials/trial-recordings/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { actingUserId, userId } = authOf(c);
    const trial = await findTrial(tdb, c.req.valid('param').id);
    const own = trial.studentId === actingUserId || trial.tutorId === actingUserId;
    if (!own && !hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, userId), c.get('tenant').permissions, { trialClasses: ['view'] })) {
      throw notFound();
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
    const booked = await bookTrial(tdb, [input.tutorId], booking);
    await mailStudent(c, tdb, booking, booked.tutorId, booked.courseId);
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
