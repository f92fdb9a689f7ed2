import type { SignUpRequest, TokenResponse } from '../../../schema/contracts/auth';
import { api } from '../../lib/api';

/** Signing up answers with a token, so the new person is signed in at once. */
export const signUpCalls = {
  signUp: (input: SignUpRequest) => api<TokenResponse>('/sign-up', { method: 'POST', json: input }),
};
