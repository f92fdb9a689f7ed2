import { z } from 'zod';
import { currencyCode, minorAmount } from './money';

export const policyRequesters = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export const policyRequestTypes = ['CANCEL', 'RESCHEDULE', 'DELETE'] as const;

/** Percentages are kept in basis points (5000 = 50%), so a penalty is integer arithmetic on minor units. */
const basisPoints = z
  .number({ error: 'must be a percentage' })
  .int('must be a percentage with at most 2 decimals')
  .min(0, 'cannot be below 0%')
  .max(10_000, 'cannot be above 100%');

const penaltyRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PERCENT'), basisPoints }),
  z.object({ kind: z.literal('FIXED'), amount: minorAmount, currency: currencyCode }),
]);

/** One notice band: a request of this type by this requester made less than `withinHours` before the lesson. */
const penaltyTier = z.object({
  type: z.enum([...policyRequestTypes, 'ANY'], { error: 'must be CANCEL, RESCHEDULE, DELETE or ANY' }),
  requester: z.enum([...policyRequesters, 'ANY'], { error: 'must be STUDENT, TUTOR, ADMIN or ANY' }),
  withinHours: z
    .number({ error: 'must be a number of hours' })
    .int('must be whole hours')
    .min(1, 'must be at least 1 hour')
    .max(24 * 60, 'can be at most 60 days'),
  penalty: penaltyRule,
});

/** Basis points as a percentage with at most 2 decimals, in integers: 5000 → "50%", 1250 → "12.5%", 1 → "0.01%". */
export function percentWords(basisPoints: number) {
  const whole = Math.floor(basisPoints / 100);
  const cents = basisPoints % 100;
  return cents ? `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}%` : `${whole}%`;
}

export const cancellationRules = z.object({
  /** Who may ask for each kind of change; an admin may always act directly. */
  whoMayAsk: z.object({
    CANCEL: z.array(z.enum(policyRequesters)),
    RESCHEDULE: z.array(z.enum(policyRequesters)),
    DELETE: z.array(z.enum(policyRequesters)),
  }),
  /** Requests close this many hours before the lesson (0: until it starts). */
  askUntilHoursBefore: z
    .number()
    .int('must be whole hours')
    .min(0, 'cannot be negative')
    .max(24 * 30, 'can be at most 30 days'),
  tiers: z.array(penaltyTier).max(20, 'can have at most 20 notice bands'),
  /** A cancellation inside this many hours still counts as a held lesson for pay and charge ("cancelled but chargeable"). */
  lateCancelHours: z
    .number()
    .int('must be whole hours')
    .min(0, 'cannot be negative')
    .max(24 * 14, 'can be at most 14 days'),
  /** The tutor's pay for a lesson nobody started, and for one the student missed while the tutor came. */
  notStartedPayBasisPoints: basisPoints,
  studentNoShowPayBasisPoints: basisPoints,
});
export type CancellationRules = z.infer<typeof cancellationRules>;

/** Every tenant starts on this policy (version 1) until an admin saves another. */
export const DEFAULT_CANCELLATION_RULES: CancellationRules = {
  whoMayAsk: { CANCEL: ['STUDENT', 'TUTOR', 'ADMIN'], RESCHEDULE: ['STUDENT', 'TUTOR', 'ADMIN'], DELETE: ['TUTOR', 'ADMIN'] },
  askUntilHoursBefore: 0,
  tiers: [
    { type: 'ANY', requester: 'STUDENT', withinHours: 24, penalty: { kind: 'PERCENT', basisPoints: 5000 } },
    { type: 'ANY', requester: 'TUTOR', withinHours: 24, penalty: { kind: 'PERCENT', basisPoints: 2500 } },
  ],
  lateCancelHours: 24,
  notStartedPayBasisPoints: 0,
  studentNoShowPayBasisPoints: 10_000,
};

export interface CancellationPolicyView {
  version: number;
  rules: CancellationRules;
  createdBy: string | null;
  createdAt: string | null;
}

export interface PolicyVersionSummary {
  version: number;
  /** null for the built-in default (version 1). */
  createdBy: string | null;
  /** The saver's name as the editor shows it ("Ada Admin"); null for the default or an account since removed. */
  createdByName: string | null;
  createdAt: string | null;
}

/** `GET` and `PUT /api/admin/cancellation-policy`: the version in force, and every version the tenant has had. */
export interface PolicyWithVersions extends CancellationPolicyView {
  createdByName: string | null;
  versions: PolicyVersionSummary[];
}
