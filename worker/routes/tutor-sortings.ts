import { asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bookingDefaultsInput, tutorSortingInput, tutorSortingListQuery } from '../../schema/contracts/tutor-sortings';
import { userSubjects, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { paged, sortBy } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { saveBookingDefaults, saveTutorSorting, sortingsFor, teachingTutor, tenantDefaults } from '../lib/trials/tutor-sortings';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sortable = { curriculum: userSubjects.curriculum, subject: userSubjects.subject, grade: userSubjects.grade };

export const tutorSortingRoutes = new Hono<AppBindings>()
  /** Every curriculum, subject and grade some tutor teaches, each with its tutors in trial order. */
  .get('/admin/tutor-sortings', requireAuth, requirePermission('tutorSorting', ['view']), validate('query', tutorSortingListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const keys = () =>
      tdb.db
        .selectDistinct({ curriculum: userSubjects.curriculum, subject: userSubjects.subject, grade: userSubjects.grade })
        .from(userSubjects)
        .innerJoin(users, teachingTutor(tdb))
        .where(
          tdb.where(
            userSubjects,
            q.curriculum ? eq(userSubjects.curriculum, q.curriculum) : undefined,
            q.subject ? eq(userSubjects.subject, q.subject) : undefined,
            q.grade ? eq(userSubjects.grade, q.grade) : undefined,
          ),
        );
    const [page, total] = await Promise.all([
      keys()
        .orderBy(sortBy(q, sortable, asc(userSubjects.curriculum)), asc(userSubjects.curriculum), asc(userSubjects.subject), asc(userSubjects.grade))
        .limit(q.limit)
        .offset(q.offset)
        .all(),
      tdb.db.select({ n: count() }).from(keys().as('keys')).get(),
    ]);
    return c.json(paged(await sortingsFor(tdb, page), total?.n ?? 0, q));
  })
  .put('/admin/tutor-sortings', requireAuth, requirePermission('tutorSorting', ['edit']), validate('json', tutorSortingInput), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await saveTutorSorting(tdb, c.req.valid('json')));
  })
  // Booking guards are about tutors' time, so the permission that edits a tutor's availability sets their defaults.
  .get('/admin/booking-defaults', requireAuth, requirePermission('adminUsers', ['view']), async (c) => c.json(await tenantDefaults(tenantDb(c))))
  .put('/admin/booking-defaults', requireAuth, requirePermission('adminUsers', ['edit']), validate('json', bookingDefaultsInput), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await saveBookingDefaults(tdb, c.req.valid('json')));
  });
