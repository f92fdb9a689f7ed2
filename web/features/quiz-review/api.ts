import type { z } from 'zod';
import type { overrideInput, SubmissionQuestion } from '../../../schema/contracts/quiz';
import { api } from '../../lib/api';

/** The review screens' write: a tutor's override of one answer's mark, with the reason. */
export const reviewCalls = {
  overrideMark: (input: z.input<typeof overrideInput>) => api<SubmissionQuestion>('/submissions/overrideMark', { method: 'POST', json: input }),
};
