import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { hasTenantPermission, type Requirement } from '../../../schema/contracts/permissions';
import { lessonHistory, type Tenant, userMappers } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import type { TenantDb } from '../tenant-db';

/**
 * Who is looking at the ledger, and so which rows and which view they get: an admin (every row, every field), a
 * tutor (their own rows, with pay), or a learner (a student's own rows, or a parent's linked students', never a
 * tutor's money). Anyone else sees nothing.
 */
export type LedgerViewer = { kind: 'admin' } | { kind: 'tutor'; tutorId: string } | { kind: 'learner'; studentIds: SQL | string[] };

/** The tutor or learner an account is; an admin or guest reaches the ledger by other routes, so null here. */
export function ownViewer(tdb: TenantDb, actor: Actor): LedgerViewer | null {
  if (actor.role === 'TUTOR') return { kind: 'tutor', tutorId: actor.userId };
  if (actor.role === 'STUDENT') return { kind: 'learner', studentIds: [actor.actingUserId] };
  if (actor.role === 'PARENT') {
    // Acting for one linked student (the auth middleware checked the link), or all of them.
    if (actor.actingUserId !== actor.userId) return { kind: 'learner', studentIds: [actor.actingUserId] };
    return {
      kind: 'learner',
      studentIds: sql`(select ${userMappers.studentId} from ${userMappers} where ${tdb.where(userMappers, eq(userMappers.parentId, actor.userId))})`,
    };
  }
  return null;
}

/** The rows of lesson history the viewer may see. */
export function historyScope(viewer: LedgerViewer): SQL | undefined {
  if (viewer.kind === 'admin') return undefined;
  if (viewer.kind === 'tutor') return eq(lessonHistory.tutorId, viewer.tutorId);
  return Array.isArray(viewer.studentIds) ? inArray(lessonHistory.studentId, viewer.studentIds) : sql`${lessonHistory.studentId} in ${viewer.studentIds}`;
}

/** Whether an admin's role (and the tenant) grant the requirement: the same check requirePermission makes. */
export async function adminMay(tdb: TenantDb, tenant: Pick<Tenant, 'permissions'>, actor: Actor, required: Requirement) {
  if (actor.role !== 'ADMIN') return false;
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, actor.userId), tenant.permissions, required);
}

export async function assertAdminMay(tdb: TenantDb, tenant: Pick<Tenant, 'permissions'>, actor: Actor, required: Requirement) {
  if (!(await adminMay(tdb, tenant, actor, required))) {
    const wanted = Object.entries(required).map(([resource, actions]) => `${resource}: ${actions.join(' or ')}`);
    throw new ApiError(403, `You do not have permission to do this (${wanted.join('; ')})`);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} was not found`);
