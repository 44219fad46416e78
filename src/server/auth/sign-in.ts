import { randomUUID } from 'node:crypto';
import type { Admin, AdminRole } from '../../shared/admins/schema.ts';
import type { PasswordStep, TotpEnrolment } from '../../shared/auth/schema.ts';
import { secondFactorLockTexts } from '../../shared/auth/texts.ts';
import { site } from '../../shared/site.ts';
import { config } from '../config.ts';
import type { Database, Statement } from '../db/index.ts';
import { auditedChange, changeAndAudit } from '../audit.ts';
import { isUuid } from '../ids.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { keyedClientGroup } from '../throttle/client-group.ts';
import { claimAttempt, refundStatements, type Counter } from '../throttle/throttle.ts';
import { passwordCounters, secondFactorCounters, SIGN_IN_THROTTLES, typedEmail } from '../throttle/uses.ts';
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
import { CHALLENGE_SECONDS, signChallenge, type ChallengeClaims } from './tokens.ts';

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

const logFailure = (email: string, adminId: string | null, summary: string): Statement => ({
  text: `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
         VALUES ($1::uuid, $2, 'sign_in_failed', 'session', '', $3)`,
  params: [adminId, typedEmail(email), summary],
});

/** The client group a challenge is bound to, as its row keeps it: a keyed hash, never the address. */
const challengeClient = async (address: string) => keyedClientGroup(await config.authSecret(), 'challenge', address);

export type PasswordStepResult = { ok: true; step: PasswordStep } | { ok: false; reason: 'wrong' | 'locked' };

/**
 * The password step of a sign-in: a right password answers a challenge for the second step
 * (a code, or at the first sign-in the enrolment of a TOTP secret), never a token. The attempt is
 * claimed on the sign-in's counters (throttle/uses.ts) before the password is checked, the
 * account read in the same round trip. The challenge is single-use and bound to this client group
 * (its row in sign_in_challenges).
 */
export async function checkCredentials(
  db: Database,
  email: string,
  password: string,
  client: string,
): Promise<PasswordStepResult> {
  const counters = await passwordCounters(email, client);
  const claim = await claimAttempt<{
    id: string;
    email: string;
    password_hash: string;
    session_version: number;
    enrolled: boolean;
  }>(db, counters, {
    text: `SELECT id, email, password_hash, session_version, totp_secret IS NOT NULL AS enrolled
           FROM admins WHERE lower(email) = lower($1)`,
    params: [email],
  });
  if (claim.kind === 'wait') {
    await db.query(
      `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
       SELECT (SELECT id FROM admins WHERE lower(email) = $1), $1, 'sign_in_failed', 'session', '', $2`,
      [typedEmail(email), loginAuditSummaries.locked],
    );
    return { ok: false, reason: 'locked' };
  }
  const [row] = claim.rows;
  const valid = await verifyPassword(password, row?.password_hash ?? unknownAccountHash());
  if (!row || !valid) {
    await db.batch([
      logFailure(email, row?.id ?? null, row ? loginAuditSummaries.wrongPassword : loginAuditSummaries.unknownAccount),
    ]);
    return { ok: false, reason: 'wrong' };
  }
  const rehashed = needsRehash(row.password_hash) ? await hashPassword(password) : undefined;
  const id = randomUUID();
  const totp: TotpEnrolment | undefined = row.enrolled ? undefined : newTotpSecret(row.email);
  await db.batch([
    ...refundStatements(counters),
    ...(rehashed
      ? [
          {
            text: 'UPDATE admins SET password_hash = $2 WHERE id = $1 AND password_hash = $3',
            params: [row.id, rehashed, row.password_hash],
          },
        ]
      : []),
    { text: 'DELETE FROM sign_in_challenges WHERE expires_at < now()' },
    {
      text: `INSERT INTO sign_in_challenges (id, admin_id, client, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      params: [id, row.id, await challengeClient(client), CHALLENGE_SECONDS],
    },
  ]);
  const claims = { id, adminId: row.id, sessionVersion: row.session_version };
  if (!totp) return { ok: true, step: { secondFactor: 'totp', challenge: await signChallenge(claims) } };
  const challenge = await signChallenge({ ...claims, enrolSecret: totp.secret });
  return { ok: true, step: { secondFactor: 'enrol', challenge, totp } };
}

export type SecondStepResult =
  | { ok: true; admin: Admin; sessionVersion: number; sessionId: string; recoveryCodes?: string[] }
  | { ok: false; reason: 'wrong'; notified: boolean }
  | { ok: false; reason: 'locked' }
  | { ok: false; reason: 'accountLocked' }
  | { ok: false; reason: 'expired' };

/**
 * The second step: the code of the challenge's account (a TOTP code or a recovery code), or at a
 * first sign-in the first code of the secret offered, which enrols it with 10 recovery codes. A
 * challenge is accepted only from the client group that typed its password, while its row lives:
 * a sign-in deletes it (one password step, one session at most), and a challenge issued before a
 * sign-out, a new password or a role granted is expired. The code is claimed on the password's
 * counters and on the account's, whatever the address (throttle/uses.ts): the code that spends
 * the account's mails its owner a notice, once per lock.
 */
export async function completeSignIn(
  db: Database,
  challenge: ChallengeClaims,
  code: string,
  client: string,
): Promise<SecondStepResult> {
  const bound = await challengeClient(client);
  const [row] =
    isUuid(challenge.adminId) && isUuid(challenge.id)
      ? await db.query<Admin & { totp_secret: string | null }>(
          `SELECT ${PUBLIC_COLUMNS}, totp_secret FROM admins
           WHERE id = $1 AND session_version = $2 AND EXISTS (
             SELECT FROM sign_in_challenges c
             WHERE c.id = $3 AND c.admin_id = admins.id AND c.client = $4 AND c.expires_at > now()
           )`,
          [challenge.adminId, challenge.sessionVersion, challenge.id, bound],
        )
      : [];
  // A challenge to enrol is for an account without a second factor, and the reverse.
  if (!row || (challenge.enrolSecret === undefined) === (row.totp_secret === null))
    return { ok: false, reason: 'expired' };
  const counters = await secondFactorCounters(row.email, row.id, client);
  const claim = await claimAttempt(db, counters);
  if (claim.kind === 'wait') {
    await db.batch([logFailure(row.email, row.id, loginAuditSummaries.locked)]);
    const accountLocked = claim.waiting.some(({ throttle }) => throttle === SIGN_IN_THROTTLES.secondFactor);
    return { ok: false, reason: accountLocked ? 'accountLocked' : 'locked' };
  }
  const { totp_secret: sealed, ...admin } = row;
  const recoveryCodes = challenge.enrolSecret ? await enrol(db, admin, challenge.enrolSecret, code) : undefined;
  const accepted =
    sealed === null
      ? recoveryCodes !== undefined
      : await useSecondFactor(db, { id: row.id, totp_secret: sealed }, code);
  if (!accepted) {
    const notified = spentAccount(counters, claim.failures);
    await db.batch([
      logFailure(row.email, row.id, loginAuditSummaries.wrongCode),
      ...(notified ? [lockNotice(admin)] : []),
    ]);
    return { ok: false, reason: 'wrong', notified };
  }
  // The challenge is used up by the statement that logs the sign-in: of concurrent redemptions,
  // one deletes its row and goes on; the others find none.
  const consumed = (
    await db.batch([
      ...refundStatements(counters),
      auditedChange({
        change: 'DELETE FROM sign_in_challenges WHERE id = $1 AND client = $2 RETURNING admin_id',
        params: [challenge.id, bound],
        admin,
        action: 'sign_in',
        entity: 'session',
        entityId: 'admin_id',
        summary: `'${recoveryCodes ? loginAuditSummaries.enrolled : loginAuditSummaries.signedIn}'`,
      }),
    ])
  ).at(-1)!;
  if (consumed.length === 0) return { ok: false, reason: 'expired' };
  const sessionId = await startSession(db, admin.id);
  return {
    ok: true,
    admin,
    sessionVersion: challenge.sessionVersion,
    sessionId,
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

/**
 * Whether this wrong code spent the account's counter: the one attempt of a lock that does (the
 * claims of one account queue, and none is counted while it waits), so its notice goes once.
 */
const spentAccount = (counters: Counter[], failures: number[]) =>
  counters.some(({ throttle }, i) => throttle === SIGN_IN_THROTTLES.secondFactor && failures[i] === throttle.free);

/** The owner's notice of a lock: who it is for and what to do, never a code. */
const lockNotice = (admin: Admin) =>
  enqueueMail(
    {
      to: admin.email,
      subject: secondFactorLockTexts.noticeSubject,
      text: secondFactorLockTexts.noticeText(admin.name, site.name),
    },
    'AVISO-SEGURIDAD',
  );

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
