import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import {
  type CallbackAnswer,
  type CallbackAssignInput,
  type CallbackCloseInput,
  type CallbackRequestDoc,
  diagnosticToasts,
  type Teammate,
} from '../../../schema/contracts/diagnostics';
import { percentOf } from '../../../schema/contracts/quiz';
import { callbackRequests, diagnostics, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { readableDiagnostic } from './access';

/**
 * Asks the team to call about a result: the learner, their parent, or a parent holding the e-mailed link. The team
 * calls a family once about a result, so asking again answers the request already made and writes nothing.
 */
export async function requestCallback(tdb: TenantDb, actor: Actor, id: string, shareToken?: string): Promise<CallbackAnswer> {
  const { row, share } = await readableDiagnostic(tdb, actor, id, shareToken);
  const caller = await tdb.db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email, phone: users.phone, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.userId)))
    .get();
  const account = caller && caller.role !== 'GUEST' ? caller : null;
  // Whom to call: the account asking, else the parent the link was sent to, else the visitor's own details.
  const contact = account
    ? { name: `${account.firstname} ${account.lastname}`.trim(), email: account.email, phone: account.phone }
    : share
      ? { name: share.name ?? `Parent of ${row.leadName ?? 'the learner'}`, email: share.email, phone: null }
      : { name: row.leadName ?? 'Visitor', email: row.leadEmail, phone: row.leadPhone };
  const inserted = await tdb.db
    .insert(callbackRequests)
    .values(tdb.values(callbackRequests, { diagnosticId: row._id, requestedBy: actor.userId, shareId: share?._id ?? null, ...contact }))
    .onConflictDoNothing()
    .returning({ _id: callbackRequests._id, createdAt: callbackRequests.createdAt })
    .get();
  const request =
    inserted ??
    (await tdb.db
      .select({ _id: callbackRequests._id, createdAt: callbackRequests.createdAt })
      .from(callbackRequests)
      .where(tdb.where(callbackRequests, eq(callbackRequests.diagnosticId, row._id)))
      .get());
  return { message: diagnosticToasts.callbackRequested, request: { _id: request!._id, createdAt: request!.createdAt.toISOString() } };
}

const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

/** The tenant's admins: whom a request may be handed to. */
export async function teammates(tdb: TenantDb): Promise<Teammate[]> {
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
    .orderBy(asc(users.firstname), asc(users.lastname))
    .all();
  return rows.map((r) => ({ _id: r._id, name: fullName(r) }));
}

async function namesOf(tdb: TenantDb, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map<string, Teammate>();
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, inArray(users._id, wanted)))
    .all();
  return new Map(rows.map((r) => [r._id, { _id: r._id, name: fullName(r) }]));
}

const callbackColumns = {
  _id: callbackRequests._id,
  diagnosticId: callbackRequests.diagnosticId,
  name: callbackRequests.name,
  email: callbackRequests.email,
  phone: callbackRequests.phone,
  shareId: callbackRequests.shareId,
  requestedBy: callbackRequests.requestedBy,
  status: callbackRequests.status,
  assignedTo: callbackRequests.assignedTo,
  note: callbackRequests.note,
  closedBy: callbackRequests.closedBy,
  closedAt: callbackRequests.closedAt,
  learnerId: diagnostics.userId,
  requestedAt: callbackRequests.createdAt,
  subject: diagnostics.subject,
  grade: diagnostics.grade,
  score: diagnostics.score,
  maxScore: diagnostics.maxScore,
  recommendation: diagnostics.recommendation,
};

const callbackQuery = (tdb: TenantDb, where: SQL | undefined) =>
  tdb.db.select(callbackColumns).from(callbackRequests).innerJoin(diagnostics, eq(diagnostics._id, callbackRequests.diagnosticId)).where(where);
type CallbackRow = Awaited<ReturnType<ReturnType<typeof callbackQuery>['all']>>[number];

async function toCallbackDocs(tdb: TenantDb, rows: CallbackRow[]) {
  const names = await namesOf(
    tdb,
    rows.flatMap((r) => [r.assignedTo, r.closedBy]),
  );
  return rows.map(
    (r): CallbackRequestDoc => ({
      _id: r._id,
      status: r.status,
      assignedTo: r.assignedTo ? (names.get(r.assignedTo) ?? null) : null,
      note: r.note,
      closedBy: r.closedBy ? (names.get(r.closedBy) ?? null) : null,
      closedAt: r.closedAt?.toISOString() ?? null,
      diagnosticId: r.diagnosticId,
      name: r.name,
      email: r.email,
      phone: r.phone,
      subject: r.subject,
      grade: r.grade,
      level: r.recommendation.level,
      percent: percentOf(r.score, r.maxScore),
      via: r.shareId || r.requestedBy !== r.learnerId ? 'parent' : 'learner',
      createdAt: r.requestedAt.toISOString(),
    }),
  );
}

/** The admins' list of families waiting for a call: open requests first, newest first within each, with what their result said. */
export async function callbackList(tdb: TenantDb, query: { limit: number; offset: number }) {
  const where = tdb.where(callbackRequests);
  return listPage(tdb.db, callbackRequests, where, query, async (page) => {
    const rows = await callbackQuery(tdb, where)
      .orderBy(sql`${callbackRequests.status} = 'DONE'`, desc(callbackRequests.createdAt))
      .limit(page.limit)
      .offset(page.offset)
      .all();
    return toCallbackDocs(tdb, rows);
  });
}

async function callbackDoc(tdb: TenantDb, id: string) {
  const rows = await callbackQuery(tdb, tdb.where(callbackRequests, eq(callbackRequests._id, id))).all();
  const [doc] = await toCallbackDocs(tdb, rows);
  if (!doc) throw new ApiError(404, 'Callback request not found');
  return doc;
}

/** An open request of this tenant; another tenant's id is a 404, a closed one cannot change any more. */
async function openRequest(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select({ _id: callbackRequests._id, status: callbackRequests.status, note: callbackRequests.note })
    .from(callbackRequests)
    .where(tdb.where(callbackRequests, eq(callbackRequests._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Callback request not found');
  if (row.status === 'DONE') throw new ApiError(409, 'This callback request is already closed.');
  return row;
}

/** Hands an open request to a teammate (or to nobody); a note replaces the one kept, and no note leaves it as it was. */
export async function assignCallback(tdb: TenantDb, id: string, input: CallbackAssignInput) {
  const row = await openRequest(tdb, id);
  if (input.assignedTo && !(await teammates(tdb)).some((t) => t._id === input.assignedTo)) {
    throw fieldError('assignedTo', 'must be an administrator of this site');
  }
  await tdb.db
    .update(callbackRequests)
    .set({ assignedTo: input.assignedTo, assignedAt: input.assignedTo ? new Date() : null, note: input.note ?? row.note })
    .where(tdb.where(callbackRequests, eq(callbackRequests._id, row._id), eq(callbackRequests.status, 'OPEN')));
  return callbackDoc(tdb, row._id);
}

/** Closes an open request once the family was called, with how it went; whoever closes it is named on it. */
export async function closeCallback(tdb: TenantDb, actor: Actor, id: string, input: CallbackCloseInput) {
  const row = await openRequest(tdb, id);
  await tdb.db
    .update(callbackRequests)
    .set({ status: 'DONE', note: input.note, closedBy: actor.userId, closedAt: new Date() })
    .where(tdb.where(callbackRequests, and(eq(callbackRequests._id, row._id), eq(callbackRequests.status, 'OPEN'))));
  return callbackDoc(tdb, row._id);
}
