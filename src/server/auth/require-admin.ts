import type { AdminRole } from '../../shared/admins.ts';
import { authMessages } from '../../shared/auth.ts';
import { getDatabase } from '../db/index.ts';
import { failure } from '../http.ts';
import { useSession } from './sessions.ts';
import { verifyAccessToken, type TokenClaims } from './tokens.ts';

/** The admin a request acts for: who the audit log names, and what their roles open. */
export interface SignedInAdmin {
  id: string;
  email: string;
  roles: AdminRole[];
  /** The client address of the request: re-checks of the admin's own password are throttled by it. */
  client?: string;
}

/** Who may call an endpoint: the holders of one role, or any signed-in admin (their own account, signing out). */
export type Access = AdminRole | 'any';

/**
 * Every admin endpoint starts here (spec §6): the admin of a valid bearer token, or the answer to
 * give. No token, a forged, expired or other-key token, a token issued before a sign-out, a
 * password change or a role granted, one whose sign-in went unused for 30 minutes, or one of an
 * admin deleted since: 401, whatever is configured. A valid admin without the endpoint's role:
 * 403 (so no administrator reads a denuncia). The desk (`cumplimiento`) stays closed, 403,
 * until its holder has chosen a password of their own since the grant and enrolled a second
 * factor: nobody who typed their password for them can open it.
 */
export async function requireAdmin(
  req: Request,
  access: Access = 'administrador',
  client = '',
): Promise<{ admin: SignedInAdmin; token: TokenClaims } | { response: Response }> {
  const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
  const claims = scheme === 'Bearer' && token ? await verifyAccessToken(token) : undefined;
  const session = claims ? await useSession(getDatabase(), claims) : undefined;
  if (!session || !claims) return { response: failure(401, authMessages.unauthorized) };
  const { desk_open: deskOpen, ...admin } = session;
  if (access !== 'any' && !admin.roles.includes(access)) return { response: failure(403, authMessages.forbidden) };
  if (access === 'cumplimiento' && !deskOpen) return { response: failure(403, authMessages.deskClosed) };
  return { admin: { ...admin, client }, token: claims };
}
