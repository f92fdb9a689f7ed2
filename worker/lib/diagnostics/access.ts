import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { DiagnosticDoc } from '../../../schema/contracts/diagnostics';
import { diagnosticShares, diagnostics } from '../../../schema/tables';
import type { Actor } from '../../env';
import { isLinkedChild } from '../family-links';
import type { TenantDb } from '../tenant-db';

export type DiagnosticRow = typeof diagnostics.$inferSelect;
export type ShareRow = typeof diagnosticShares.$inferSelect;

const notFound = () => new ApiError(404, 'Diagnostic not found');

/** The hex SHA-256 of a share token: only the hash is stored, so a copy of the table opens no result. */
export async function tokenHash(token: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function newShareToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export async function diagnosticRow(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(diagnostics)
    .where(tdb.where(diagnostics, eq(diagnostics._id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Whether the caller took it (or acts for whoever did), or is a parent of whoever did. */
export async function ownOrChild(tdb: TenantDb, actor: Actor, row: DiagnosticRow): Promise<'own' | 'child' | null> {
  if (row.userId === actor.actingUserId) return 'own';
  if (actor.role === 'PARENT' && (await isLinkedChild(tdb, actor.userId, row.userId))) return 'child';
  return null;
}

export interface Readable {
  row: DiagnosticRow;
  access: DiagnosticDoc['access'];
  share: ShareRow | null;
}

/**
 * A diagnostic the caller may read: their own, their child's, or one whose e-mailed link they hold. Anyone else's
 * answers exactly like a missing one, so ids reveal nothing.
 */
export async function readableDiagnostic(tdb: TenantDb, actor: Actor, id: string, shareToken?: string): Promise<Readable> {
  const row = await diagnosticRow(tdb, id);
  const access = await ownOrChild(tdb, actor, row);
  if (access) return { row, access, share: null };
  if (shareToken) {
    const share = await tdb.db
      .select()
      .from(diagnosticShares)
      .where(tdb.where(diagnosticShares, eq(diagnosticShares.tokenHash, await tokenHash(shareToken)), eq(diagnosticShares.diagnosticId, row._id)))
      .get();
    if (share) return { row, access: 'shared', share };
  }
  throw notFound();
}

/** Only the learner (or whoever acts for them) and their parents act on a result: share it, see its payment. */
export async function familyDiagnostic(tdb: TenantDb, actor: Actor, id: string) {
  const row = await diagnosticRow(tdb, id);
  const access = await ownOrChild(tdb, actor, row);
  if (!access) throw notFound();
  return { row, access };
}
