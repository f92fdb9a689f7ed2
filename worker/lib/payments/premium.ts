import { desc, eq, gt } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { PremiumOffer, PremiumOfferInput, PremiumStatus } from '../../../schema/contracts/premium';
import { paymentHistory, paymentSessions, premiumOffers, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { recordAudit } from '../audit';
import { isLinkedChild } from '../family-links';
import { priceWords } from '../pricing/audit-words';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { startCheckout } from './checkout';
import { expiryAfter } from './periods';
import { buyingFor } from './plan-checkout';

type OfferRow = typeof premiumOffers.$inferSelect;

const offerView = (row: OfferRow): PremiumOffer => ({
  _id: row._id,
  name: row.name,
  description: row.description,
  amount: row.amount,
  currency: row.currency,
  months: row.months,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});

/** The tenant's premium offer as the admin edits it, active or not; null before one is set. */
export async function premiumOffer(tdb: TenantDb): Promise<PremiumOffer | null> {
  const row = await tdb.db.select().from(premiumOffers).where(tdb.where(premiumOffers)).get();
  return row ? offerView(row) : null;
}

/** The offer a learner may buy: the tenant's, while it is active. */
export async function offerOnSale(tdb: TenantDb): Promise<PremiumOffer> {
  const offer = await premiumOffer(tdb);
  if (!offer || offer.status !== 'ACTIVE') throw new ApiError(404, 'Premium is not offered here');
  return offer;
}

/** Sets the tenant's one offer; a price change applies to upgrades bought from now on, never to ones already paid. */
export async function savePremiumOffer(tdb: TenantDb, actor: Actor, input: PremiumOfferInput & { description: string }): Promise<PremiumOffer> {
  const now = new Date();
  const before = await premiumOffer(tdb);
  const row = await tdb.db
    .insert(premiumOffers)
    .values(tdb.values(premiumOffers, input))
    .onConflictDoUpdate({ target: premiumOffers.tenantId, set: { ...input, updatedAt: now } })
    .returning()
    .get();
  const terms = `${priceWords(row)} for ${row.months === 1 ? '1 month' : `${row.months} months`}, ${row.status.toLowerCase()}`;
  const was = before ? ` (was ${priceWords(before)} for ${before.months === 1 ? '1 month' : `${before.months} months`}, ${before.status.toLowerCase()})` : '';
  await recordAudit(tdb, actor, {
    action: 'premiumOffer.update',
    subject: { type: 'premiumOffer', id: row._id, label: row.name },
    summary: `Set the premium offer to ${terms}${was}`,
  });
  return offerView(row);
}

/**
 * When a student's premium runs out, if they have it now: the latest end of the upgrades paid and not refunded or
 * disputed. An upgrade bought while one runs is kept whole, so buying early never loses the months left.
 */
export async function premiumUntil(tdb: TenantDb, studentId: string, now = new Date()): Promise<Date | undefined> {
  const row = await tdb.db
    .select({ until: paymentSessions.creditExpiresAt })
    .from(paymentHistory)
    .innerJoin(paymentSessions, eq(paymentSessions._id, paymentHistory.paymentSessionId))
    .where(
      tdb.where(
        paymentHistory,
        eq(paymentHistory.studentId, studentId),
        eq(paymentHistory.paymentType, 'PREMIUM_UPGRADE'),
        eq(paymentHistory.status, 'PAID'),
        gt(paymentSessions.creditExpiresAt, now),
      ),
    )
    .orderBy(desc(paymentSessions.creditExpiresAt))
    .get();
  return row?.until ?? undefined;
}

/**
 * Whose premium the caller may read: their own (or the student they act for), or a linked child for a parent; an
 * admin reads it in payment history. Anyone else answers 404.
 */
async function premiumSubject(tdb: TenantDb, actor: Actor, userId: string): Promise<string> {
  if (userId === actor.actingUserId || userId === actor.userId) return userId;
  if (actor.role === 'PARENT' && (await isLinkedChild(tdb, actor.userId, userId))) return userId;
  throw new ApiError(404, 'Student not found');
}

export async function premiumStatus(tdb: TenantDb, actor: Actor, userId: string, now = new Date()): Promise<PremiumStatus> {
  const subject = await premiumSubject(tdb, actor, userId);
  const [until, offer] = await Promise.all([premiumUntil(tdb, subject, now), premiumOffer(tdb)]);
  return {
    userId: subject,
    premium: until !== undefined,
    until: until?.toISOString() ?? null,
    offer: offer?.status === 'ACTIVE' ? offer : null,
  };
}

/**
 * Starts Checkout for premium at the tenant's price. Its months run from the end of any premium the student still
 * has, so an early renewal adds to it; the end is fixed on the session as a plan's credit expiry is.
 */
export async function startPremiumCheckout(
  tdb: TenantDb,
  actor: Pick<Actor, 'userId' | 'role' | 'actingUserId'>,
  adapter: PaymentsAdapter,
  input: { studentId?: string },
  origin: string,
) {
  const studentId = await buyingFor(tdb, actor as Actor, input.studentId);
  const offer = await offerOnSale(tdb);
  const now = new Date();
  const current = await premiumUntil(tdb, studentId, now);
  const student = await tdb.db
    .select({ firstname: users.firstname })
    .from(users)
    .where(tdb.where(users, eq(users._id, studentId)))
    .get();
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      studentId,
      paymentType: 'PREMIUM_UPGRADE',
      itemKind: 'premium',
      itemId: offer._id,
      description: student?.firstname && actor.userId !== studentId ? `${offer.name} for ${student.firstname}` : offer.name,
      minutes: 0,
      amount: offer.amount,
      currency: offer.currency,
      creditExpiresAt: expiryAfter(current ?? now, offer.months, 'MONTHS'),
    },
    origin,
  );
  return { url };
}
