import { desc, eq } from 'drizzle-orm';
import { type CallbackAnswer, type CallbackRequestDoc, diagnosticToasts } from '../../../schema/contracts/diagnostics';
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

/** The admins' list of families waiting for a call, newest first, with what their result said. */
export async function callbackList(tdb: TenantDb, query: { limit: number; offset: number }) {
  const where = tdb.where(callbackRequests);
  return listPage(tdb.db, callbackRequests, where, query, async (page) => {
    const rows = await tdb.db
      .select({
        _id: callbackRequests._id,
        diagnosticId: callbackRequests.diagnosticId,
        name: callbackRequests.name,
        email: callbackRequests.email,
        phone: callbackRequests.phone,
        shareId: callbackRequests.shareId,
        requestedBy: callbackRequests.requestedBy,
        learnerId: diagnostics.userId,
        requestedAt: callbackRequests.createdAt,
        subject: diagnostics.subject,
        grade: diagnostics.grade,
        score: diagnostics.score,
        maxScore: diagnostics.maxScore,
        recommendation: diagnostics.recommendation,
      })
      .from(callbackRequests)
      .innerJoin(diagnostics, eq(diagnostics._id, callbackRequests.diagnosticId))
      .where(where)
      .orderBy(desc(callbackRequests.createdAt))
      .limit(page.limit)
      .offset(page.offset)
      .all();
    return rows.map(
      (r): CallbackRequestDoc => ({
        _id: r._id,
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
  });
}
