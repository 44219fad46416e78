import type { AdminRole } from '../../shared/admins/schema.ts';
import { authMessages, BACKGROUND_CALL_HEADER } from '../../shared/auth/schema.ts';
import { getDatabase } from '../db/index.ts';
import { NotAllowed, NotSignedIn } from '../errors.ts';
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
 * Every admin endpoint starts here (spec §6): the admin of a valid bearer token, or a refusal.
 * No token, a forged, expired or other-key token, a token issued before a sign-out, a password
 * change or a role granted, one whose sign-in went unused for 30 minutes, or one of an admin
 * deleted since: NotSignedIn (401), whatever is configured. A call the app makes by itself
 * (BACKGROUND_CALL_HEADER) is refused the same way, and does not count as use (sessions.ts). A valid admin without the endpoint's
 * role: NotAllowed (403; so no administrator reads a denuncia). The desk (`cumplimiento`) stays
 * closed, NotAllowed too, until its holder has chosen a password of their own since the grant and enrolled a second
 * factor: nobody who typed their password for them can open it.
 */
export async function requireAdmin(
  req: Request,
  access: Access = 'administrador',
  client = '',
): Promise<{ admin: SignedInAdmin; token: TokenClaims }> {
  const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
  const claims = scheme === 'Bearer' && token ? await verifyAccessToken(token) : undefined;
  const background = req.headers.get(BACKGROUND_CALL_HEADER) === '1';
  const session = claims ? await useSession(getDatabase(), claims, { background }) : undefined;
  if (!session || !claims) throw new NotSignedIn(authMessages.unauthorized);
  const { desk_open: deskOpen, ...admin } = session;
  if (access !== 'any' && !admin.roles.includes(access)) throw new NotAllowed(authMessages.forbidden);
  if (access === 'cumplimiento' && !deskOpen) throw new NotAllowed(authMessages.deskClosed);
  return { admin: { ...admin, client }, token: claims };
}
