import { ApiError } from '../../../platform/errors';
import { type CancellationRules, percentWords } from '../../../schema/contracts/cancellation-policy';
import type { MeetingRequestType, PenaltyPreview, RequesterRole } from '../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../schema/contracts/money';
import { shareOf } from './policy';

/**
 * The cancellation policy applied to one request: pure, so the preview a person reads before confirming and the
 * penalty stored on the request come from this one function with the same inputs (docs/decisions/ledger-requests.md).
 */

const HOUR = 3_600_000;

type Tier = CancellationRules['tiers'][number];

export interface PenaltyInput {
  type: MeetingRequestType;
  requesterRole: RequesterRole;
  /** The lesson's planned start. */
  start: Date;
  /** When the request is made. */
  now: Date;
  /** The lesson's amount (the tutor's pay for its booked minutes) in minor units; null when no rate prices it. */
  amount: number | null;
  currency: string | null;
}

const hoursWords = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

const VERBS: Record<MeetingRequestType, string> = { CANCEL: 'cancel', RESCHEDULE: 'reschedule', DELETE: 'delete' };
const WHO: Record<RequesterRole, string> = { STUDENT: 'students', TUTOR: 'tutors', ADMIN: 'admins' };

/**
 * Why the policy refuses this request, as a sentence, or null: the requester's role may not ask for this kind of
 * change, the lesson has started, or requests have closed (askUntilHoursBefore).
 */
export function requestRefusal(rules: CancellationRules, input: Pick<PenaltyInput, 'type' | 'requesterRole' | 'start' | 'now'>): string | null {
  if (!rules.whoMayAsk[input.type].includes(input.requesterRole)) {
    return `The cancellation policy does not let ${WHO[input.requesterRole]} ask to ${VERBS[input.type]} a lesson.`;
  }
  const notice = input.start.getTime() - input.now.getTime();
  if (notice <= 0) return 'This lesson has already started, so it can no longer be changed by request.';
  if (notice < rules.askUntilHoursBefore * HOUR) {
    return `Requests to ${VERBS[input.type]} a lesson close ${hoursWords(rules.askUntilHoursBefore)} before it starts, and this lesson starts sooner than that.`;
  }
  return null;
}

/** The notice bands that speak of this kind of request by this requester (ANY matches every one). */
export const applicableTiers = (rules: CancellationRules, type: MeetingRequestType, requester: RequesterRole) =>
  rules.tiers.filter((t) => (t.type === 'ANY' || t.type === type) && (t.requester === 'ANY' || t.requester === requester));

const specificity = (tier: Tier) => (tier.type === 'ANY' ? 0 : 1) + (tier.requester === 'ANY' ? 0 : 1);

/**
 * The band that applies: of those covering the notice (hours before the start < withinHours), the narrowest; between
 * bands of the same width the more specific (a named type or requester over ANY), then the first listed.
 */
export function tierFor(tiers: Tier[], noticeMs: number): Tier | undefined {
  let best: Tier | undefined;
  for (const tier of tiers) {
    if (noticeMs >= tier.withinHours * HOUR) continue;
    if (!best || tier.withinHours < best.withinHours || (tier.withinHours === best.withinHours && specificity(tier) > specificity(best))) best = tier;
  }
  return best;
}

/** "of SGD 30.00": the words naming the amount a share is taken of; students and parents read them without it. */
export const baseWords = (amount: number, currency: string) => `of ${formatMoney(amount, currency)}`;

/**
 * The penalty the policy version sets for this request, with the sentence that says why. Refuses (409) what the
 * policy does not allow. A percentage is a share of the lesson's amount (never more than it, never negative); a fixed
 * penalty is its own amount in its own currency. `chargeable`: a cancellation inside the late-cancel window.
 */
export function penaltyFor(rules: CancellationRules, version: number, input: PenaltyInput): PenaltyPreview {
  const refusal = requestRefusal(rules, input);
  if (refusal) throw new ApiError(409, refusal);
  const notice = input.start.getTime() - input.now.getTime();
  const chargeable = input.type === 'CANCEL' && notice < rules.lateCancelHours * HOUR;
  const tiers = applicableTiers(rules, input.type, input.requesterRole);
  const tier = tierFor(tiers, notice);
  const base = { policyVersion: version, chargeable };
  if (!tier) {
    const widest = Math.max(0, ...tiers.map((t) => t.withinHours));
    const reason = widest
      ? `${hoursWords(widest)} or more before the lesson: no penalty`
      : `the cancellation policy sets no penalty when ${WHO[input.requesterRole]} ask to ${VERBS[input.type]} a lesson: no penalty`;
    return { ...base, penalty: false, penaltyAmount: 0, currency: input.currency, reason };
  }
  const when = `less than ${hoursWords(tier.withinHours)} before the lesson`;
  if (tier.penalty.kind === 'FIXED') {
    const { amount, currency } = tier.penalty;
    return { ...base, penalty: amount > 0, penaltyAmount: amount, currency, reason: `${when}: a fixed ${formatMoney(amount, currency)}` };
  }
  const share = percentWords(tier.penalty.basisPoints);
  if (input.amount === null || input.currency === null) {
    return {
      ...base,
      penalty: tier.penalty.basisPoints > 0,
      penaltyAmount: 0,
      currency: null,
      reason: `${when}: ${share} of the lesson's amount, which no tutor rate sets yet, so nothing is taken`,
    };
  }
  const penaltyAmount = shareOf(input.amount, tier.penalty.basisPoints);
  return {
    ...base,
    penalty: tier.penalty.basisPoints > 0,
    penaltyAmount,
    currency: input.currency,
    reason: `${when}: ${share} ${baseWords(input.amount, input.currency)}`,
  };
}
