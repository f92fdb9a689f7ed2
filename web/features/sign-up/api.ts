import type { SignUpRequest, TokenResponse } from '../../../schema/contracts/auth';
import type { PremiumDetailsInput, PremiumDetailsStarted, PremiumOffer } from '../../../schema/contracts/premium';
import { api } from '../../lib/api';

/** Signing up answers with a token, so the new person is signed in at once. */
export const signUpCalls = {
  signUp: (input: SignUpRequest) => api<TokenResponse>('/sign-up', { method: 'POST', json: input }),
  /** The tenant's premium upgrade, priced the same for everyone. */
  premiumOffer: (signal?: AbortSignal) => api<PremiumOffer>('/stripe/premium/getProductPrice', { method: 'POST', signal }),
  /** Makes the student's account and answers its session with the Checkout to pay premium on. */
  signUpForPremium: (input: PremiumDetailsInput) => api<PremiumDetailsStarted>('/stripe/premium/createSessionWithDetails', { method: 'POST', json: input }),
};
