import * as z from 'zod/mini';
import { AdminSchema, type Admin } from '../../shared/admins.ts';
import type { LoginCredentials } from '../../shared/auth.ts';
import { apiRequest } from '../api-client.ts';
import { storeSession } from './stored-session.ts';

const LoginAnswerSchema = z.object({ user: AdminSchema, accessToken: z.string().check(z.minLength(1)) });

/**
 * POST /api/login and keep the session as spec §4 says (sessionStorage accessToken and userId):
 * the /login page and the first administrator's screen both sign in this way.
 */
export async function signInWith(credentials: LoginCredentials): Promise<Admin> {
  const { user, accessToken } = await apiRequest('/api/login', LoginAnswerSchema, {
    method: 'POST',
    body: credentials,
    session: false,
  });
  storeSession({ accessToken, userId: user.id });
  return user;
}
