import { desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  explainQuery,
  lessonPricesQuery,
  pricingListQuery,
  rateInput,
  rateListQuery,
  rateVersionInput,
  tutorStudentRateQuery,
  userRatesInput,
} from '../../schema/contracts/pricing';
import type { RateTable } from '../../schema/contracts/pricing-enums';
import { rates, rateVersions } from '../../schema/tables';
import type { AppBindings } from '../env';
import { listPage, sortBy } from '../lib/pagination';
import { explainLesson } from '../lib/pricing/explain';
import { recordedPrices } from '../lib/pricing/lesson-prices';
import {
  deleteRate,
  deleteVersion,
  findRate,
  findVersion,
  ratesCount,
  replaceUserRates,
  saveRate,
  saveVersion,
  toRate,
  toVersion,
  verifyVersionDelete,
} from '../lib/pricing/rate-records';
import { rateForStudent, ratesForTutor } from '../lib/pricing/tutor-rates';
import { contains } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission, requirePermissions, requireRole } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const paths: Record<RateTable, string> = {
  ONE_TO_ONE_TUTOR: 'one-to-one-tutor-rate',
  GROUP_TUTOR: 'group-tutor-rate',
  STUDENT_FLEXIBLE: 'student-flexible-rate',
  STUDENT_SUBSCRIPTION: 'student-subscription-rate',
};
const studentParam = z.object({ studentId: recordId });
const userIdParam = z.object({ userId: recordId });
const rateFilters = ['versionId', 'tutorCountry', 'studentCountry', 'studentType', 'courseType', 'packageId', 'country', 'curriculum', 'grade'] as const;
const resourceOf = (table: RateTable) => (table.startsWith('STUDENT_') ? 'studentRates' : 'tutorRates');

function versionRoutes(table: RateTable) {
  const path = `/admin/${paths[table]}-versions`;
  const can = (action: string) => [requireAuth, requirePermission(resourceOf(table), [action])] as const;
  const input = rateVersionInput(table);
  return new Hono<AppBindings>()
    .get(path, ...can('view'), validate('query', pricingListQuery), async (c) => {
      const tdb = tenantDb(c);
      const q = c.req.valid('query');
      const where = tdb.where(
        rateVersions,
        eq(rateVersions.rateTable, table),
        q.searchText ? contains(rateVersions.name, q.searchText) : undefined,
        q.statuses?.length ? inArray(rateVersions.status, q.statuses) : undefined,
      );
      const columns = {
        name: rateVersions.name,
        versionNumber: rateVersions.versionNumber,
        referenceDate: rateVersions.referenceDate,
        status: rateVersions.status,
        createdAt: rateVersions.createdAt,
      };
      const order = sortBy(q, columns, desc(rateVersions.versionNumber));
      return c.json(
        await listPage(tdb.db, rateVersions, where, q, async (page) => {
          const rows = await tdb.db.select().from(rateVersions).where(where).orderBy(order, desc(rateVersions._id)).limit(page.limit).offset(page.offset).all();
          const counts = await ratesCount(
            tdb,
            rows.map((r) => r._id),
          );
          return rows.map((row) => toVersion(row, counts.get(row._id)!));
        }),
      );
    })
    .get(`${path}/dropdown-list`, ...can('view'), async (c) => {
      const tdb = tenantDb(c);
      return c.json(
        await tdb.db
          .select({ _id: rateVersions._id, name: rateVersions.name, versionNumber: rateVersions.versionNumber })
          .from(rateVersions)
          .where(tdb.where(rateVersions, eq(rateVersions.rateTable, table), eq(rateVersions.status, 'ACTIVE')))
          .orderBy(desc(rateVersions.versionNumber))
          .all(),
      );
    })
    .get(`${path}/verify-delete/:id`, ...can('delete'), validate('param', idParam), async (c) =>
      c.json(await verifyVersionDelete(tenantDb(c), table, c.req.valid('param').id)),
    )
    .get(`${path}/:id`, ...can('view'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const row = await findVersion(tdb, table, c.req.valid('param').id);
      return c.json(toVersion(row, (await ratesCount(tdb, [row._id])).get(row._id)!));
    })
    .post(path, ...can('create'), validate('json', input), async (c) => c.json(await saveVersion(tenantDb(c), authOf(c), table, c.req.valid('json')), 201))
    .put(`${path}/:id`, ...can('edit'), validate('param', idParam), validate('json', input), async (c) =>
      c.json(await saveVersion(tenantDb(c), authOf(c), table, c.req.valid('json'), c.req.valid('param').id)),
    )
    .delete(`${path}/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await deleteVersion(tenantDb(c), authOf(c), table, id);
      return c.json({ _id: id });
    });
}

function rateRoutes(table: RateTable) {
  const path = `/admin/${paths[table]}s`;
  const can = (action: string) => [requireAuth, requirePermission(resourceOf(table), [action])] as const;
  const input = rateInput(table);
  return new Hono<AppBindings>()
    .get(path, ...can('view'), validate('query', rateListQuery), async (c) => {
      const tdb = tenantDb(c);
      const q = c.req.valid('query');
      const filters = rateFilters.map((key) => (q[key] ? eq(rates[key], q[key]) : undefined));
      const where = tdb.where(rates, eq(rates.rateTable, table), ...filters);
      const order = sortBy(q, { amount: rates.amount, createdAt: rates.createdAt, updatedAt: rates.updatedAt }, desc(rates.createdAt));
      return c.json(
        await listPage(tdb.db, rates, where, q, async (page) =>
          (await tdb.db.select().from(rates).where(where).orderBy(order, desc(rates._id)).limit(page.limit).offset(page.offset).all()).map(toRate),
        ),
      );
    })
    .get(`${path}/user/:id`, ...can('view'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const { id } = c.req.valid('param');
      const column = table.startsWith('STUDENT_') ? rates.studentId : rates.tutorId;
      const rows = await tdb.db
        .select()
        .from(rates)
        .where(tdb.where(rates, eq(rates.rateTable, table), eq(column, id)))
        .orderBy(desc(rates.createdAt))
        .all();
      return c.json(rows.map(toRate));
    })
    .get(`${path}/:id`, ...can('view'), validate('param', idParam), async (c) => c.json(toRate(await findRate(tenantDb(c), table, c.req.valid('param').id))))
    .post(path, ...can('create'), validate('json', input), async (c) => c.json(await saveRate(tenantDb(c), authOf(c), table, c.req.valid('json')), 201))
    .put(`${path}/:id`, ...can('edit'), validate('param', idParam), validate('json', input), async (c) =>
      c.json(await saveRate(tenantDb(c), authOf(c), table, c.req.valid('json'), c.req.valid('param').id)),
    )
    .delete(`${path}/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await deleteRate(tenantDb(c), authOf(c), table, id);
      return c.json({ _id: id });
    });
}

const tutorOnly = [requireAuth, requireAccount, requireRole('TUTOR')] as const;
const editTutorRates = [requireAuth, requirePermission('tutorRates', ['edit'])] as const;
const userRates = (table: RateTable) => [validate('param', userIdParam), validate('json', userRatesInput(table))] as const;
const tables = ['ONE_TO_ONE_TUTOR', 'GROUP_TUTOR', 'STUDENT_FLEXIBLE', 'STUDENT_SUBSCRIPTION'] as const;

export const pricingRateRoutes = tables
  .reduce((app, table) => app.route('/', versionRoutes(table)).route('/', rateRoutes(table)), new Hono<AppBindings>())
  // The tutor's own side: what may pay them, and what a lesson with one of their students pays.
  .get('/one-to-one-tutor-rates', ...tutorOnly, async (c) => c.json(await ratesForTutor(tenantDb(c), authOf(c), 'ONE_TO_ONE_TUTOR')))
  .get('/group-tutor-rates', ...tutorOnly, async (c) => c.json(await ratesForTutor(tenantDb(c), authOf(c), 'GROUP_TUTOR')))
  .get('/one-to-one-tutor-rates/student/:studentId', ...tutorOnly, validate('param', studentParam), validate('query', tutorStudentRateQuery), async (c) =>
    c.json(await rateForStudent(tenantDb(c), authOf(c), c.req.valid('param').studentId, c.req.valid('query'))),
  )
  .put('/admin/users/one-to-one-tutor-rates/:userId', ...editTutorRates, ...userRates('ONE_TO_ONE_TUTOR'), async (c) =>
    c.json(await replaceUserRates(tenantDb(c), authOf(c), 'ONE_TO_ONE_TUTOR', c.req.valid('param').userId, c.req.valid('json'))),
  )
  .put('/admin/users/group-tutor-rates/:userId', ...editTutorRates, ...userRates('GROUP_TUTOR'), async (c) =>
    c.json(await replaceUserRates(tenantDb(c), authOf(c), 'GROUP_TUTOR', c.req.valid('param').userId, c.req.valid('json'))),
  )
  .get('/admin/rates/explain', requireAuth, requirePermissions({ tutorRates: ['view'] }), validate('query', explainQuery), async (c) =>
    c.json(await explainLesson(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .get('/admin/lesson-prices', requireAuth, requirePermissions({ tutorRates: ['view'] }), validate('query', lessonPricesQuery), async (c) =>
    c.json(await recordedPrices(tenantDb(c), c.req.valid('query').lessonIds)),
  );
