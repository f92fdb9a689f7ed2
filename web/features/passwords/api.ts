import type { ForgotPasswordRequest, ResetPasswordRequest } from '../../../schema/contracts/passwords';
import { api } from '../../lib/api';

/** The forgotten-password mail and the reset it links to. */
export const passwordCalls = {
  forgot: (input: ForgotPasswordRequest) => api<{ message: string }>('/auth/forgot-password', { method: 'POST', json: input }),
  reset: (input: ResetPasswordRequest) => api('/auth/reset-password', { method: 'POST', json: input }),
};
