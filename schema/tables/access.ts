import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { auditActions, auditActorKinds, auditSubjectTypes } from '../contracts/audit-enums';
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
 * Append-only: who did what to whom, in words a person reads. `actorId` is the real person (the admin even while they
 * act as someone, then `actingAsId` is the one they act as); Stripe's webhooks have no person. The subject's label is
 * written with the entry, so it still reads after the lesson or plan is gone. `request` rows are the raw trace of a
 * change made while acting as someone that no described entry covers (method, route, status). The migration adds
 * triggers that refuse UPDATE and DELETE, so not even a bug in our code can rewrite it.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    action: text('action', { enum: auditActions }).notNull(),
    actorKind: text('actor_kind', { enum: auditActorKinds }).notNull().default('person'),
    actorId: text('actor_id'),
    actingAsId: text('acting_as_id'),
    sessionId: text('session_id'),
    subjectType: text('subject_type', { enum: auditSubjectTypes }).notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    /** The lesson's time before the change; the reader's screen shows it in their own zone. */
    subjectAt: integer('subject_at', { mode: 'timestamp_ms' }),
    /** A moved lesson's new time. */
    movedTo: integer('moved_to', { mode: 'timestamp_ms' }),
    summary: text('summary').notNull(),
    reason: text('reason'),
    method: text('method'),
    route: text('route'),
    status: integer('status'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('audit_log_tenant_time').on(t.tenantId, t.createdAt), index('audit_log_tenant_subject').on(t.tenantId, t.subjectId)],
);
