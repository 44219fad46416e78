import type { Admin, AdminRole } from '../../shared/admins/schema.ts';
import type { PasswordStep, TotpEnrolment } from '../../shared/auth/schema.ts';
import type { Database } from '../db/index.ts';
import { changeAndAudit, recordAccess } from '../audit.ts';
import { isUuid } from '../ids.ts';
import type { SignedInAdmin } from './require-admin.ts';
import { hashPassword, needsRehash, unknownAccountHash, verifyPassword } from './passwords.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  sealTotpSecret,
  recoveryCodeHashes,
  totpStep,
  useSecondFactor,
} from './second-factor.ts';
import { startSession } from './sessions.ts';
import { forgetAttempt, reserveAttempt, typedEmail } from './throttle.ts';
import { signChallenge, type ChallengeClaims } from './tokens.ts';

export const PUBLIC_COLUMNS = 'id, name, email, avatar, roles';

/** What the audit log says of each sign-in and sign-out (never the password or code typed). */
const loginAuditSummaries = {
  signedIn: 'Inicio de sesión correcto',
  enrolled: 'Inicio de sesión correcto; activó el segundo factor',
  wrongPassword: 'Contraseña incorrecta',
  wrongCode: 'Código del segundo factor incorrecto o ya usado',
  unknownAccount: 'No hay un administrador con ese correo',
  locked: 'Rechazado sin revisar la contraseña: demasiados intentos fallidos',
  signedOut: 'Cerró sesión en todos sus dispositivos',
} as const;

export const findAdmin = async (db: Database, id: string): Promise<Admin | undefined> =>
  isUuid(id) ? (await db.query<Admin>(`SELECT ${PUBLIC_COLUMNS} FROM admins WHERE id = $1`, [id]))[0] : undefined;

/**
 * An account made with a password someone else typed (`npm run admin:create`, the tests): never
 * the owner's own (password_chosen_at stays NULL), so with `cumplimiento` its desk stays closed
 * until the owner chooses one. The operator's compliance users come from an invitation instead
 * (src/server/auth/invitations.ts).
 */
export async function createAdmin(
  db: Database,
  {
    name,
    email,
    password,
    roles = ['administrador'],
  }: { name: string; email: string; password: string; roles?: AdminRole[] },
): Promise<Admin> {
  const [admin] = await db.query<Admin>(
    `INSERT INTO admins (name, email, password_hash, roles, compliance_granted_at)
     VALUES ($1, $2, $3, $4, CASE WHEN 'cumplimiento' = ANY($4::text[]) THEN now() END) RETURNING ${PUBLIC_COLUMNS}`,
    [name, email.trim().toLowerCase(), await hashPassword(password), roles],
  );
  return admin!;
}

const logFailure = (db: Database, email: string, adminId: string | null, summary: string) =>
  db.query(
    `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
     VALUES ($1::uuid, $2, 'sign_in_failed', 'session', '', $3)`,
    [adminId, typedEmail(email), summary],
  );

export type PasswordStepResult = { ok: true; step: PasswordStep } | { ok: false; reason: 'wrong' | 'locked' };

/**
 * The password step of a sign-in: a right password answers a challenge for the second step
 * (a code, or at the first sign-in the enrolment of a TOTP secret), never a token. Attempts are
 * throttled (src/server/auth/throttle.ts).
 */
export async function checkCredentials(
  db: Database,
  email: string,
  password: string,
  client: string,
): Promise<PasswordStepResult> {
  const attempt = await reserveAttempt(db, email, client);
  if (!attempt) {
    await db.query(
      `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
       SELECT (SELECT id FROM admins WHERE lower(email) = $1), $1, 'sign_in_failed', 'session', '', $2`,
      [typedEmail(email), loginAuditSummaries.locked],
    );
    return { ok: false, reason: 'locked' };
  }
  const [row] = await db.query<{
    id: string;
    email: string;
    password_hash: string;
    session_version: number;
    enrolled: boolean;
  }>(
    `SELECT id, email, password_hash, session_version, totp_secret IS NOT NULL AS enrolled
     FROM admins WHERE lower(email) = lower($1)`,
    [email],
  );
  const valid = await verifyPassword(password, row?.password_hash ?? unknownAccountHash());
  if (!row || !valid) {
    await logFailure(
      db,
      email,
      row?.id ?? null,
      row ? loginAuditSummaries.wrongPassword : loginAuditSummaries.unknownAccount,
    );
    return { ok: false, reason: 'wrong' };
  }
  await forgetAttempt(db, attempt);
  if (needsRehash(row.password_hash))
    await db.query('UPDATE admins SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
      row.id,
      await hashPassword(password),
      row.password_hash,
    ]);
  const claims = { adminId: row.id, sessionVersion: row.session_version };
  if (row.enrolled) return { ok: true, step: { secondFactor: 'totp', challenge: await signChallenge(claims) } };
  const totp: TotpEnrolment = newTotpSecret(row.email);
  return {
    ok: true,
    step: { secondFactor: 'enrol', challenge: await signChallenge({ ...claims, enrolSecret: totp.secret }), totp },
  };
}

export type SecondStepResult =
  | { ok: true; admin: Admin; sessionVersion: number; sessionId: string; recoveryCodes?: string[] }
  | { ok: false; reason: 'wrong' | 'locked' | 'expired' };

/**
 * The second step: the code of the challenge's account (a TOTP code or a recovery code), or at a
 * first sign-in the first code of the secret offered, which enrols it with 10 recovery codes. A
 * challenge issued before a sign-out, a new password or a role granted is expired. Throttled with
 * the password step.
 */
export async function completeSignIn(
  db: Database,
  challenge: ChallengeClaims,
  code: string,
  client: string,
): Promise<SecondStepResult> {
  const [row] = isUuid(challenge.adminId)
    ? await db.query<Admin & { totp_secret: string | null }>(
        `SELECT ${PUBLIC_COLUMNS}, totp_secret FROM admins WHERE id = $1 AND session_version = $2`,
        [challenge.adminId, challenge.sessionVersion],
      )
    : [];
  // A challenge to enrol is for an account without a second factor, and the reverse.
  if (!row || (challenge.enrolSecret === undefined) === (row.totp_secret === null))
    return { ok: false, reason: 'expired' };
  const attempt = await reserveAttempt(db, row.email, client);
  if (!attempt) {
    await logFailure(db, row.email, row.id, loginAuditSummaries.locked);
    return { ok: false, reason: 'locked' };
  }
  const { totp_secret: sealed, ...admin } = row;
  const recoveryCodes = challenge.enrolSecret ? await enrol(db, admin, challenge.enrolSecret, code) : undefined;
  const accepted =
    sealed === null
      ? recoveryCodes !== undefined
      : await useSecondFactor(db, { id: row.id, totp_secret: sealed }, code);
  if (!accepted) {
    await logFailure(db, row.email, row.id, loginAuditSummaries.wrongCode);
    return { ok: false, reason: 'wrong' };
  }
  await forgetAttempt(db, attempt);
  const sessionId = await startSession(db, admin.id);
  await recordAccess(db, {
    admin,
    action: 'sign_in',
    entity: 'session',
    entityId: admin.id,
    summary: recoveryCodes ? loginAuditSummaries.enrolled : loginAuditSummaries.signedIn,
  });
  return {
    ok: true,
    admin,
    sessionVersion: challenge.sessionVersion,
    sessionId,
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

/**
 * Enrols the secret when the code is its code now: the secret is stored, sealed, only if the
 * account still has none, so two enrolments at once cannot both pass. Answers the recovery codes.
 */
async function enrol(db: Database, admin: Admin, secret: string, code: string): Promise<string[] | undefined> {
  const step = totpStep(secret, code.replace(/\s/g, ''));
  if (step === undefined) return undefined;
  const recoveryCodes = newRecoveryCodes();
  const enrolled = await db.query(
    `WITH enrolled AS (
       UPDATE admins SET totp_secret = $2, totp_enrolled_at = now(), totp_last_step = $3
       WHERE id = $1 AND totp_secret IS NULL RETURNING id
     ),
     cleared AS (DELETE FROM admin_recovery_codes WHERE admin_id IN (SELECT id FROM enrolled)),
     stored AS (
       INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT enrolled.id, unnest($4::text[]) FROM enrolled
     )
     SELECT id FROM enrolled`,
    [admin.id, await sealTotpSecret(admin.id, secret), step, recoveryCodeHashes(recoveryCodes)],
  );
  return enrolled.length > 0 ? recoveryCodes : undefined;
}

/** Sign-out: every token the admin holds stops working (src/server/auth/tokens.ts). */
export async function endSessions(db: Database, admin: SignedInAdmin): Promise<void> {
  await changeAndAudit(db, {
    change: 'UPDATE admins SET session_version = session_version + 1 WHERE id = $1 RETURNING id',
    params: [admin.id],
    admin,
    action: 'sign_out',
    entity: 'session',
    entityId: 'id',
    summary: `'${loginAuditSummaries.signedOut}'`,
  });
}
