import { Hono } from 'hono';
import { meetingRequestExportQuery } from '../../schema/contracts/ledger-exports';
import { lessonHistoryExportQuery } from '../../schema/contracts/lesson-history';
import type { AppBindings } from '../env';
import { adminMay } from '../lib/ledger/access';
import { exportFileName, exportTimeZone, lessonHistoryCsv, meetingRequestCsv } from '../lib/ledger/exports';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** A streamed CSV download: no Content-Length (the size is not known until the last page), never cached. */
const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});

/**
 * The admin lesson history screen's CSV exports (spec 1 sections 5, 6; issue 30), streamed from D1 page by page.
 * Mounted before the meeting requests router, whose `/admin/meeting-requests/:id` would otherwise take `export.csv`
 * as an id. Who sees the tutor-money columns: docs/decisions/ledger-pay.md.
 */
export const ledgerExportRoutes = new Hono<AppBindings>()
  .get(
    '/admin/lesson-history/export.csv',
    requireAuth,
    requirePermission('lessonHistory', ['export']),
    validate('query', lessonHistoryExportQuery),
    async (c) => {
      const tdb = tenantDb(c);
      const actor = authOf(c);
      const q = c.req.valid('query');
      const money = await adminMay(tdb, c.get('tenant'), actor, { lessonHistory: ['view'] });
      const stream = lessonHistoryCsv(tdb, q, { money, timezone: await exportTimeZone(tdb, actor, q.timezone) });
      return new Response(stream, { headers: csvHeaders(exportFileName('lesson-history')) });
    },
  )
  .get(
    '/admin/meeting-requests/export.csv',
    requireAuth,
    requirePermission('lessonHistory', ['export']),
    validate('query', meetingRequestExportQuery),
    async (c) => {
      const tdb = tenantDb(c);
      const actor = authOf(c);
      const q = c.req.valid('query');
      const money = await adminMay(tdb, c.get('tenant'), actor, { meetingRequests: ['view'] });
      const stream = meetingRequestCsv(tdb, q, { money, timezone: await exportTimeZone(tdb, actor, q.timezone) });
      return new Response(stream, { headers: csvHeaders(exportFileName('reschedule-or-cancellation')) });
    },
  );
