import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { LEDGER_MESSAGES } from '../../schema/contracts/lesson-history';
import { payRunListQuery, payRunPeriod } from '../../schema/contracts/pay-runs';
import type { AppBindings } from '../env';
import { createPayRun, findPayRun, listPayRuns, payRunCsv, previewPayRun } from '../lib/ledger/pay-runs';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const canView = [requireAuth, requirePermission('payRuns', ['view'])] as const;

/** Pay runs (issue 30): preview a period, make the run, list and read runs, download a run for the bank. */
export const payRunRoutes = new Hono<AppBindings>()
  .get('/admin/pay-runs/preview', ...canView, validate('query', payRunPeriod), async (c) => {
    return c.json(await previewPayRun(tenantDb(c), c.req.valid('query')));
  })
  .post('/admin/pay-runs', requireAuth, requirePermission('payRuns', ['create']), validate('json', payRunPeriod), async (c) => {
    const doc = await createPayRun(tenantDb(c), authOf(c), c.req.valid('json'));
    return c.json({ message: LEDGER_MESSAGES.payRunCreated, doc }, 201);
  })
  .get('/admin/pay-runs', ...canView, validate('query', payRunListQuery), async (c) => {
    return c.json(await listPayRuns(tenantDb(c), c.req.valid('query')));
  })
  .get('/admin/pay-runs/:id/csv', ...canView, validate('param', idParam), async (c) => {
    const run = await findPayRun(tenantDb(c), c.req.valid('param').id);
    return c.body(payRunCsv(run), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="pay-run-${run.periodStart.slice(0, 10)}-${run.periodEnd.slice(0, 10)}-${run._id.slice(0, 8)}.csv"`,
      'cache-control': 'no-store',
    });
  })
  .get('/admin/pay-runs/:id', ...canView, validate('param', idParam), async (c) => {
    return c.json(await findPayRun(tenantDb(c), c.req.valid('param').id));
  });
