import { and, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import { sendEmail } from '../../../platform/email/outbox';
import { creditEntries, creditNotices, users } from '../../../schema/tables';
import type { Env } from '../../env';
import { linkedParentIds } from '../family-links';
import { expiringLots, type Lot } from '../payments/credit-lots';
import { expiryWarningMail } from '../payments/expiry-mail';
import { guardedDebit } from '../payments/guarded-debit';
import type { TenantDb } from '../tenant-db';

const WEEK = 7 * 24 * 60 * 60 * 1000;

export interface ExpiryRunSummary {
  expired: number;
  warned: number;
}

interface Tenant {
  name: string;
  origin: string;
}

/**
 * Expires what is left of each lapsed purchase (an EXPIRY entry, never below zero, with its notice in one batch) and
 * warns the student and their parents once, a week ahead, of time about to lapse. Both are unique per purchase, so a
 * run delivered twice, or two runs at once, do each once.
 */
export async function expireCredits(tdb: TenantDb, env: Env, tenant: Tenant, now: Date, expiredFor = new Set<string>()): Promise<ExpiryRunSummary> {
  const handled = (kind: 'EXPIRY_WARNING' | 'EXPIRED') =>
    notExists(
      tdb.db
        .select({ one: sql`1` })
        .from(creditNotices)
        .where(and(eq(creditNotices.tenantId, tdb.tenantId), eq(creditNotices.entryId, creditEntries._id), eq(creditNotices.kind, kind))),
    );
  const students = await tdb.db
    .selectDistinct({ studentId: creditEntries.studentId })
    .from(creditEntries)
    .where(tdb.where(creditEntries, gt(creditEntries.minutes, 0), lte(creditEntries.expiresAt, new Date(now.getTime() + WEEK)), handled('EXPIRED')))
    .all();
  const summary: ExpiryRunSummary = { expired: 0, warned: 0 };
  for (const { studentId } of students) {
    const entries = await tdb.db
      .select()
      .from(creditEntries)
      .where(tdb.where(creditEntries, eq(creditEntries.studentId, studentId)))
      .all();
    const notices = await tdb.db
      .select({ entryId: creditNotices.entryId, kind: creditNotices.kind })
      .from(creditNotices)
      .where(
        tdb.where(
          creditNotices,
          inArray(
            creditNotices.entryId,
            entries.map((e) => e._id),
          ),
        ),
      )
      .all();
    const done = new Set(notices.map((n) => `${n.entryId}/${n.kind}`));
    for (const lot of expiringLots(entries)) {
      if (lot.expiresAt <= now && !done.has(`${lot.entryId}/EXPIRED`)) {
        await expire(tdb, studentId, lot, now);
        summary.expired += 1;
        expiredFor.add(studentId);
      } else if (lot.expiresAt > now && lot.remaining > 0 && !done.has(`${lot.entryId}/EXPIRY_WARNING`)) {
        if (await warn(tdb, env, tenant, studentId, lot)) summary.warned += 1;
      }
    }
  }
  return summary;
}

function expire(tdb: TenantDb, studentId: string, lot: Lot, now: Date) {
  return tdb.db.batch([
    guardedDebit(tdb, {
      studentId,
      courseId: lot.courseId,
      kind: 'EXPIRY',
      sourceId: lot.entryId,
      description: 'Unused lesson time expired',
      wanted: sql`${lot.remaining}`,
      at: now,
    }),
    tdb.db
      .insert(creditNotices)
      .values(tdb.values(creditNotices, { entryId: lot.entryId, kind: 'EXPIRED' }))
      .onConflictDoNothing(),
  ]);
}

/** The notice is written first and the mail goes only when this run wrote it, so two runs racing warn once. */
async function warn(tdb: TenantDb, env: Env, tenant: Tenant, studentId: string, lot: Lot) {
  const notice = await tdb.db
    .insert(creditNotices)
    .values(tdb.values(creditNotices, { entryId: lot.entryId, kind: 'EXPIRY_WARNING' }))
    .onConflictDoNothing()
    .returning({ _id: creditNotices._id })
    .get();
  if (!notice) return false;
  const parents = await linkedParentIds(tdb, studentId);
  const people = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, inArray(users._id, [studentId, ...parents])))
    .all();
  const student = people.find((p) => p._id === studentId);
  const ctx = { db: tdb.db, env, tenantId: tdb.tenantId };
  for (const reader of people.filter((p) => p.email)) {
    await sendEmail(
      ctx,
      expiryWarningMail({
        to: reader.email!,
        firstname: reader.firstname,
        studentName: student?.firstname ?? 'Your child',
        own: reader._id === studentId,
        minutes: lot.remaining,
        expiresAt: lot.expiresAt,
        timezone: reader.timezone,
        productName: tenant.name,
        link: `${tenant.origin}/learning-portal/portal/billing`,
      }),
    );
  }
  return true;
}
