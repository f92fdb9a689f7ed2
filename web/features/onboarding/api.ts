import type { OnboardingInput, OnboardingStatus, UserProfile } from '../../../schema/contracts/profile';
import { api } from '../../lib/api';

/** The onboarding page's calls: what is still missing, and sending the answers. */
export const onboardingCalls = {
  status: (signal: AbortSignal) => api<OnboardingStatus>('/onboarding', { signal }),
  complete: (input: OnboardingInput) => api<UserProfile>('/onboarding', { method: 'POST', json: input }),
};
