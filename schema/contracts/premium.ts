import { z } from 'zod';
import { signUpRequest, type TokenResponse } from './auth';
import { recordId, titleText } from './common';
import { currencyCode, minorAmount } from './money';

export const PREMIUM_MAX_MONTHS = 36;

/** The admin's form for the tenant's one premium upgrade: what it is called, what it costs and how long it lasts. */
export const premiumOfferInput = z.object({
  name: titleText,
  description: z.string().trim().max(300, 'can be at most 300 characters').default(''),
  amount: minorAmount.refine((amount) => amount > 0, 'must be more than nothing'),
  currency: currencyCode,
  months: z
    .number({ error: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(PREMIUM_MAX_MONTHS, `can be at most ${PREMIUM_MAX_MONTHS} months`),
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'must be Active or Inactive' }),
});
export type PremiumOfferInput = z.input<typeof premiumOfferInput>;

export interface PremiumOffer {
  _id: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  months: number;
  status: 'ACTIVE' | 'INACTIVE';
  updatedAt: string;
}

/** Whether a student learns with premium now, and until when; with the offer they could buy when they do not. */
export interface PremiumStatus {
  userId: string;
  premium: boolean;
  until: string | null;
  offer: PremiumOffer | null;
}

/** A signed-in student buys premium for themselves; a parent for a linked child. */
export const premiumSessionInput = z.object({ studentId: recordId.optional() });

/** Premium bought by someone without an account: the account is made from these details, always a student's. */
export const premiumDetailsInput = signUpRequest.omit({ role: true });
export type PremiumDetailsInput = z.input<typeof premiumDetailsInput>;

/** The new account's session (as sign-up answers it) and the Checkout to pay on. */
export type PremiumDetailsStarted = TokenResponse & { user: TokenResponse['oauthUser']; session: { url: string } };
