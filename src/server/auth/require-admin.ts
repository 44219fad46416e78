import type { AdminRole } from '../../shared/admins.ts';
import { authMessages } from '../../shared/auth.ts';
import { getDatabase } from '../db/index.ts';
import { failure } from '../http.ts';
import { isUuid } from '../ids.ts';
import { verifyAccessToken, type TokenClaims } from './tokens.ts';

/** The admin a request acts for: who the audit log names, and what their roles open. */
export interface SignedInAdmin {
  id: string;
  email: string;
  roles: AdminRole[];
}

/** Who may call an endpoint: the holders of one role, or any signed-in admin (their own account, signing out). */
export type Access = AdminRole | 'any';

/**
 * Every admin endpoint starts here (spec §6): the admin of a valid bearer token, or the answer to
 * give. No token, a forged, expired or other-key token, a token issued before a sign-out or a
 * password change, or one of an admin deleted since: 401, whatever is configured. A valid admin
 * without the endpoint's role: 403 (issue 16: no administrator reads a denuncia). The roles are
 * read with the session version, so a role withdrawn closes its screens at the next request.
 */
export async function requireAdmin(
  req: Request,
  access: Access = 'administrador',
): Promise<{ admin: SignedInAdmin; token: TokenClaims } | { response: Response }> {
  const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
  const claims = scheme === 'Bearer' && token ? await verifyAccessToken(token) : undefined;
  const [admin] =
    claims && isUuid(claims.adminId)
      ? await getDatabase().query<SignedInAdmin>(
          'SELECT id, email, roles FROM admins WHERE id = $1 AND session_version = $2',
          [claims.adminId, claims.sessionVersion],
        )
      : [];
  if (!admin || !claims) return { response: failure(401, authMessages.unauthorized) };
  if (access !== 'any' && !admin.roles.includes(access)) return { response: failure(403, authMessages.forbidden) };
  return { admin, token: claims };
}
