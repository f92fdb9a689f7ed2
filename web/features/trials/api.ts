import type { TokenResponse } from '../../../schema/contracts/auth';
import type { SlotOption } from '../../../schema/contracts/availability';
import type { StudentTrials, TrialBooked, TrialInput, TrialSignUpInput } from '../../../schema/contracts/trials';
import { api } from '../../lib/api';

type SlotQuery = { curriculum: string; subject: string; grade: string; date: string; timezone: string };

/** The free-trial dialog's calls: the free slots, and booking (signing a guest up on the way). */
export const freeTrialCalls = {
  slots: (query: SlotQuery, signal: AbortSignal) => api<SlotOption[]>('/user-availability/slots/trial', { method: 'POST', json: query, signal }),
  signUpAndBook: (input: TrialSignUpInput) => api<TokenResponse & TrialBooked>('/trials/sign-up', { method: 'POST', json: input }),
  book: (input: TrialInput) => api<TrialBooked>('/trials', { method: 'POST', json: input }),
};

/** A student's own trial lessons, upcoming and done. */
export const trialCalls = {
  mine: (signal: AbortSignal) => api<StudentTrials>('/trials', { signal }),
};
