import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import { hasTenantPermission, type PermissionMap } from '../../../schema/contracts/permissions';
import {
  TEAM_INBOX_PERMISSION,
  type TeamInboxPage,
  type TeamPerson,
  type TeamThread,
  type TeamThreadUpdate,
  type teamInboxQuery,
} from '../../../schema/contracts/team-inbox';
import { roles, teamThreads, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';

type Query = z.output<typeof teamInboxQuery>;

const assignees = alias(users, 'assignee');

/** The tenant's admins who work the inbox (their active role grants the admin chat), by name. */
export async function teammates(tdb: TenantDb, tenantPermissions: PermissionMap): Promise<TeamPerson[]> {
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, permissions: roles.permissions, status: roles.status })
    .from(users)
    .innerJoin(roles, and(eq(roles._id, users.adminRoleId), eq(roles.tenantId, tdb.tenantId)))
    .where(tdb.where(users, eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
    .orderBy(users.firstname, users.lastname)
    .all();
  return rows
    .filter((row) => row.status === 'ACTIVE' && hasTenantPermission(row.permissions, tenantPermissions, TEAM_INBOX_PERMISSION))
    .map(({ _id, firstname, lastname }) => ({ _id, firstname, lastname }));
}

function threadsQuery(tdb: TenantDb, where: SQL | undefined) {
  return tdb.db
    .select({
      _id: teamThreads._id,
      conversationId: teamThreads.conversationId,
      status: teamThreads.status,
      lastMessage: teamThreads.lastMessage,
      lastMessageAt: teamThreads.lastMessageAt,
      waiting: teamThreads.waiting,
      updatedAt: teamThreads.updatedAt,
      userId: users._id,
      userFirstname: users.firstname,
      userLastname: users.lastname,
      userRole: users.role,
      assigneeId: assignees._id,
      assigneeFirstname: assignees.firstname,
      assigneeLastname: assignees.lastname,
    })
    .from(teamThreads)
    .innerJoin(users, and(eq(users._id, teamThreads.userId), eq(users.tenantId, tdb.tenantId)))
    .leftJoin(assignees, and(eq(assignees._id, teamThreads.assigneeId), eq(assignees.tenantId, tdb.tenantId)))
    .where(where);
}

type Row = Awaited<ReturnType<ReturnType<typeof threadsQuery>['all']>>[number];

const threadOf = (row: Row): TeamThread => ({
  _id: row._id,
  conversationId: row.conversationId,
  user: { _id: row.userId, firstname: row.userFirstname, lastname: row.userLastname, role: row.userRole },
  status: row.status,
  assignee: row.assigneeId ? { _id: row.assigneeId, firstname: row.assigneeFirstname ?? '', lastname: row.assigneeLastname ?? '' } : null,
  lastMessage: row.lastMessage,
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  waiting: row.waiting,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The team inbox: every conversation a student or parent has with the team, newest first, narrowed by status and by
 * who looks after it. Threads waiting for a reply come first among the open ones.
 */
export async function listThreads(tdb: TenantDb, actor: Actor, tenantPermissions: PermissionMap, query: Query): Promise<TeamInboxPage> {
  const where = tdb.where(
    teamThreads,
    query.status && query.status !== 'ALL' ? eq(teamThreads.status, query.status) : undefined,
    query.assignee === 'me' ? eq(teamThreads.assigneeId, actor.userId) : query.assignee === 'unassigned' ? isNull(teamThreads.assigneeId) : undefined,
    isNull(users.deletedAt),
  );
  const [rows, total, team] = await Promise.all([
    threadsQuery(tdb, where)
      .orderBy(desc(sql`${teamThreads.waiting} > 0`), desc(teamThreads.lastMessageAt), desc(teamThreads._id))
      .limit(query.limit)
      .offset(query.offset)
      .all(),
    tdb.db
      .select({ n: sql<number>`count(*)` })
      .from(teamThreads)
      .innerJoin(users, and(eq(users._id, teamThreads.userId), eq(users.tenantId, tdb.tenantId)))
      .where(where)
      .get(),
    teammates(tdb, tenantPermissions),
  ]);
  return { docs: rows.map(threadOf), totalDocs: total?.n ?? 0, limit: query.limit, offset: query.offset, teammates: team };
}

/** Gives a thread to a teammate (or to nobody) and marks it done or open again; answers the thread as it now is. */
export async function updateThread(
  tdb: TenantDb,
  actor: Actor,
  tenantPermissions: PermissionMap,
  threadId: string,
  input: TeamThreadUpdate,
): Promise<TeamThread> {
  const found = await tdb.db
    .select({ _id: teamThreads._id })
    .from(teamThreads)
    .where(tdb.where(teamThreads, eq(teamThreads._id, threadId)))
    .get();
  if (!found) throw new ApiError(404, 'Conversation not found');
  if (input.assigneeId) {
    const team = await teammates(tdb, tenantPermissions);
    if (!team.some((person) => person._id === input.assigneeId)) throw fieldError('assigneeId', 'is not someone on the team who answers messages');
  }
  const now = new Date();
  await tdb.db
    .update(teamThreads)
    .set({
      ...(input.assigneeId === undefined ? {} : { assigneeId: input.assigneeId }),
      ...(input.status === undefined ? {} : { status: input.status, doneBy: input.status === 'DONE' ? actor.userId : null }),
      updatedAt: now,
    })
    .where(tdb.where(teamThreads, eq(teamThreads._id, threadId)));
  const row = await threadsQuery(tdb, tdb.where(teamThreads, eq(teamThreads._id, threadId))).get();
  return threadOf(row!);
}
