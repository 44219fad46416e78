import { authMessages } from '../../shared/auth.ts';
import { getDatabase } from '../db/index.ts';
import { failure } from '../http.ts';
import { isUuid } from '../ids.ts';
import { verifyAccessToken, type TokenClaims } from './tokens.ts';

/** The admin a request acts for: who the audit log names. */
export interface SignedInAdmin {
  id: string;
  email: string;
}

/**
 * Every admin endpoint starts here (spec §6): the admin of a valid bearer token, or the 401 to
 * answer. No token, a forged, expired or other-key token, a token issued before a sign-out or a
 * password change, or one of an admin deleted since: 401, whatever is configured.
 */
export async function requireAdmin(
  req: Request,
): Promise<{ admin: SignedInAdmin; token: TokenClaims } | { response: Response }> {
  const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
  const claims = scheme === 'Bearer' && token ? await verifyAccessToken(token) : undefined;
  const [admin] =
    claims && isUuid(claims.adminId)
      ? await getDatabase().query<SignedInAdmin>(
          'SELECT id, email FROM admins WHERE id = $1 AND session_version = $2',
          [claims.adminId, claims.sessionVersion],
        )
      : [];
  return admin && claims ? { admin, token: claims } : { response: failure(401, authMessages.unauthorized) };
}
