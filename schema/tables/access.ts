import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { PermissionMap } from '../contracts/permissions';
import { idColumn, tenantColumn, timestamps } from './columns';

/** Tenant roles for admins (Admin, Approver, Enterer, …), each with a permission map. */
export const roles = sqliteTable(
  'roles',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    permissions: text('permissions', { mode: 'json' }).$type<PermissionMap>().notNull(),
    /** Built-in roles (the full Admin role) cannot be deleted, so a tenant can never lock itself out. */
    isSystem: integer('is_system', { mode: 'boolean' }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_tenant_name').on(t.tenantId, t.name)],
);

/** Course-level roles for tutors (default "Editor"), checked on every section call. */
export const tutorRoles = sqliteTable(
  'tutor_roles',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions', { mode: 'json' }).$type<PermissionMap>().notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tutor_roles_tenant_name').on(t.tenantId, t.name)],
);

/**
 * Append-only: every change made while an admin acts as someone else. The migration adds triggers that refuse
 * UPDATE and DELETE, so not even a bug in our code can rewrite it.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    actorId: text('actor_id').notNull(),
    subjectId: text('subject_id').notNull(),
    sessionId: text('session_id').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('audit_log_tenant_time').on(t.tenantId, t.createdAt)],
);
