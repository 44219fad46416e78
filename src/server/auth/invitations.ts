import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Admin, AdminRole } from '../../shared/admins/schema.ts';
import {
  INVITATION_HOURS,
  type InvitationAcceptInput,
  type InvitationAnswer,
} from '../../shared/invitations/schema.ts';
import type { Database } from '../db/index.ts';
import { isUniqueViolation } from '../errors.ts';
import { PUBLIC_COLUMNS } from './sign-in.ts';
import { hashPassword } from './passwords.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHashes, sealTotpSecret, totpStep } from './second-factor.ts';

/**
 * Invitations: a compliance account is never made with a password someone else chose.
 * The operator's command or the bootstrap makes an invitation and prints its link; the person
 * who opens it chooses the password and enrols TOTP, and the account is created then. The token
 * (256 random bits) travels in the link's fragment, never sent to a server log; only its SHA-256
 * is stored. Used once, in the statement that creates the account; valid INVITATION_HOURS.
 *
 * An invitation of the bootstrap (bootstrap.ts) is for the first compliance user only: it opens,
 * and is accepted, only while nobody holds `cumplimiento`, re-checked in the accepting statement,
 * and accepting one spends every other open one of the bootstrap, so a spare link minted with the
 * token makes no second account once the officer has theirs.
 */

/** Who made the invitation: the operator's command, or the first compliance user's bootstrap. */
export type InvitationOrigin = 'operator' | 'bootstrap';

/** An invitation that may still be used (alias i): a bootstrap one only while nobody holds the role. */
const USABLE = `i.used_at IS NULL AND i.expires_at > now()
  AND (i.origin = 'operator' OR NOT EXISTS (SELECT 1 FROM admins WHERE 'cumplimiento' = ANY(roles)))`;

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const invitationPath = (token: string) => `/admin/invitacion#${token}`;

export async function createInvitation(
  db: Database,
  {
    name,
    email,
    roles,
    origin = 'operator',
  }: { name: string; email: string; roles: AdminRole[]; origin?: InvitationOrigin },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO admin_invitations (token_hash, name, email, roles, origin, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6)) RETURNING expires_at`,
    [tokenHash(token), name, email.trim().toLowerCase(), roles, origin, INVITATION_HOURS],
  );
  return { token, expiresAt: new Date(row!.expires_at).toISOString() };
}

/** Who a valid invitation is for, and a new TOTP secret to enrol; undefined when used, expired or unknown. */
export async function openInvitation(db: Database, token: string): Promise<InvitationAnswer | undefined> {
  const [invitation] = await db.query<{ name: string; email: string }>(
    `SELECT name, email FROM admin_invitations i WHERE token_hash = $1 AND ${USABLE}`,
    [tokenHash(token)],
  );
  return invitation && { ...invitation, totp: newTotpSecret(invitation.email) };
}

export type AcceptOutcome =
  { kind: 'accepted'; admin: Admin; recoveryCodes: string[] } | { kind: 'invalid' | 'wrong-code' | 'duplicate-email' };

/**
 * Creates the invited account with the password just chosen (the owner's own) and the TOTP secret
 * its first code proves enrolled, granted `cumplimiento` now; the invitation is marked used by the
 * same statement, so a link creates one account at most. A wrong code leaves the link usable.
 *
 * One of the bootstrap marks every open one of the bootstrap used, its own among them, in one
 * UPDATE: two acceptances at once both lock the same rows, in the same order, so the second waits
 * for the first, then finds them used and creates nothing (READ COMMITTED re-reads a row another
 * transaction changed).
 */
export async function acceptInvitation(db: Database, input: InvitationAcceptInput): Promise<AcceptOutcome> {
  const step = totpStep(input.secret, input.code);
  if (step === undefined) return { kind: 'wrong-code' };
  const id = randomUUID();
  const recoveryCodes = newRecoveryCodes();
  try {
    const [admin] = await db.query<Admin>(
      `WITH own AS (
         SELECT i.id, i.origin FROM admin_invitations i WHERE i.token_hash = $1 AND ${USABLE}
       ),
       spent AS (
         UPDATE admin_invitations i SET used_at = now() FROM own
         WHERE i.used_at IS NULL AND (i.id = own.id OR (own.origin = 'bootstrap' AND i.origin = 'bootstrap'))
         RETURNING i.id = own.id AS own, i.name, i.email, i.roles
       ),
       invitation AS (SELECT name, email, roles FROM spent WHERE own),
       created AS (
         INSERT INTO admins (id, name, email, roles, password_hash, password_chosen_at, compliance_granted_at,
                             totp_secret, totp_enrolled_at, totp_last_step)
         SELECT $2, name, email, roles, $3, now(), CASE WHEN 'cumplimiento' = ANY(roles) THEN now() END, $4, now(), $5
         FROM invitation RETURNING ${PUBLIC_COLUMNS}
       ),
       codes AS (
         INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT created.id, unnest($6::text[]) FROM created
       ),
       trail AS (
         INSERT INTO compliance_trail (admin_id, admin_email, action, summary)
         SELECT id, email, 'grant', 'Rol de cumplimiento por invitación aceptada por ' || email FROM created
         WHERE 'cumplimiento' = ANY(roles)
       )
       SELECT * FROM created`,
      [
        tokenHash(input.token),
        id,
        await hashPassword(input.password),
        await sealTotpSecret(id, input.secret),
        step,
        recoveryCodeHashes(recoveryCodes),
      ],
    );
    return admin ? { kind: 'accepted', admin, recoveryCodes } : { kind: 'invalid' };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate-email' };
    throw error;
  }
}
