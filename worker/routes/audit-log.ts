import { Hono } from 'hono';
import { auditLogQuery } from '../../schema/contracts/audit';
import { idParam } from '../../schema/contracts/common';
import type { AppBindings } from '../env';
import { lastLessonChange, listAuditLog } from '../lib/audit-log/list';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const canRead = [requireAuth, requirePermission('auditLog', ['view'])] as const;

/** The audit log: who did what to whom and when, in the tenant, for admins who hold its flag. */
export const auditLogRoutes = new Hono<AppBindings>()
  .get('/admin/audit-log', ...canRead, validate('query', auditLogQuery), async (c) => c.json(await listAuditLog(tenantDb(c), c.req.valid('query'))))
  .get('/admin/audit-log/lessons/:id', ...canRead, validate('param', idParam), async (c) =>
    c.json({ change: await lastLessonChange(tenantDb(c), c.req.valid('param').id) }),
  );
