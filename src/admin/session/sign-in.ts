import {
  PasswordStepSchema,
  SignedInSchema,
  type LoginCredentials,
  type PasswordStep,
  type SignedIn,
} from '../../shared/auth/schema.ts';
import { apiRequest } from '../api-client.ts';
import { storeSession } from './stored-session.ts';

/**
 * The two steps of a sign-in (docs/reference/admin-api.md): POST /api/login with the password answers a
 * challenge; POST /api/login/second-factor with the challenge and a code answers the admin and the
 * token, kept as spec §4 says (sessionStorage accessToken and userId).
 */
export const submitPassword = (credentials: LoginCredentials): Promise<PasswordStep> =>
  apiRequest('/api/login', PasswordStepSchema, { method: 'POST', body: credentials, session: false });

export async function submitCode(challenge: string, code: string): Promise<SignedIn> {
  const signedIn = await apiRequest('/api/login/second-factor', SignedInSchema, {
    method: 'POST',
    body: { challenge, code },
    session: false,
  });
  storeSession({ accessToken: signedIn.accessToken, userId: signedIn.user.id });
  return signedIn;
}
