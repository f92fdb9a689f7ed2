import type { StudentTrials } from '../../../schema/contracts/trials';
import { api } from '../../lib/api';

/** A student's own trial lessons, upcoming and done. */
export const trialCalls = {
  mine: (signal: AbortSignal) => api<StudentTrials>('/trials', { signal }),
};
