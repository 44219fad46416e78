import type { AdminRole } from '../../shared/admins/schema.ts';
import type { Database } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import type { TokenClaims } from './tokens.ts';

/**
 * Sign-ins kept by the server (OWASP ASVS 5.0 §7.3): the idle timeout is the server's,
 * not only the browser's. Every request with a token marks its sign-in used, in the statement
 * that checks it was used in the last 30 minutes: a stolen token left unused that long is refused,
 * renewal included. A call the admin app makes by itself (BACKGROUND_CALL_HEADER: the mail alert's
 * poll, the token's renewal) is checked the same way but marks nothing, so an open tab nobody
 * touches does not keep its sign-in, or a stolen copy of its token, alive.
 */

/** A sign-in's row; the rows of sign-ins a day old are removed as new ones start. */
export async function startSession(db: Database, adminId: string): Promise<string> {
  const [, [session]] = (await db.batch([
    { text: `DELETE FROM admin_sessions WHERE last_used_at < now() - interval '1 day'` },
    { text: 'INSERT INTO admin_sessions (admin_id) VALUES ($1) RETURNING id::text AS id', params: [adminId] },
  ])) as [unknown[], { id: string }[]];
  return session!.id;
}

export interface SessionAdmin {
  id: string;
  email: string;
  roles: AdminRole[];
  /** A compliance user's desk is open: their own password since the grant, and a second factor. */
  desk_open: boolean;
}

/**
 * The admin of a token whose sign-in is live (used in the last 30 minutes) and whose session version
 * is current; the sign-in is marked used unless the call is a `background` one. Undefined otherwise.
 */
export async function useSession(
  db: Database,
  claims: TokenClaims,
  { background = false } = {},
): Promise<SessionAdmin | undefined> {
  if (!isUuid(claims.adminId) || !isUuid(claims.sessionId)) return undefined;
  const [admin] = await db.query<SessionAdmin>(
    `WITH used AS (
       SELECT admin_id FROM admin_sessions
       WHERE id = $3 AND admin_id = $1 AND last_used_at > now() - interval '30 minutes'
     ), marked AS (
       UPDATE admin_sessions SET last_used_at = now() WHERE id = $3 AND NOT $4 AND admin_id IN (SELECT admin_id FROM used)
     )
     SELECT a.id, a.email, a.roles,
       coalesce(a.totp_enrolled_at IS NOT NULL AND a.password_chosen_at >= a.compliance_granted_at, false) AS desk_open
     FROM admins a JOIN used ON used.admin_id = a.id
     WHERE a.session_version = $2`,
    [claims.adminId, claims.sessionVersion, claims.sessionId, background],
  );
  return admin;
}
