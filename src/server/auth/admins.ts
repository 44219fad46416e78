import type { Admin, AdminRole } from '../../shared/admins.ts';
import type { Database } from '../db/index.ts';
import { changeAndAudit, recordAccess } from '../audit.ts';
import { isUuid } from '../ids.ts';
import type { SignedInAdmin } from './require-admin.ts';
import { hashPassword, needsRehash, UNKNOWN_ACCOUNT_HASH, verifyPassword } from './passwords.ts';

export const PUBLIC_COLUMNS = 'id, name, email, avatar, roles';
/** Failed sign-ins in 15 minutes before a client must wait: for one e-mail, and for any. */
const MAX_FAILURES = 5;
const MAX_CLIENT_FAILURES = 20;

/** What the audit log says of each sign-in and sign-out (never the password typed). */
const loginAuditSummaries = {
  signedIn: 'Inicio de sesión correcto',
  wrongPassword: 'Contraseña incorrecta',
  unknownAccount: 'No hay un administrador con ese correo',
  locked: 'Rechazado sin revisar la contraseña: demasiados intentos fallidos',
  signedOut: 'Cerró sesión en todos sus dispositivos',
} as const;

/** The e-mail a failed sign-in typed, as the log and the throttle keep it: bounded in length. */
const typedEmail = (email: string) => email.trim().toLowerCase().slice(0, 120);

export const findAdmin = async (db: Database, id: string): Promise<Admin | undefined> =>
  isUuid(id) ? (await db.query<Admin>(`SELECT ${PUBLIC_COLUMNS} FROM admins WHERE id = $1`, [id]))[0] : undefined;

/** An account made by the operator (`npm run admin:create`): the only way to the first compliance user. */
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
    `INSERT INTO admins (name, email, password_hash, roles) VALUES ($1, $2, $3, $4) RETURNING ${PUBLIC_COLUMNS}`,
    [name, email.trim().toLowerCase(), await hashPassword(password), roles],
  );
  return admin!;
}

export type LoginResult =
  { ok: true; admin: Admin; sessionVersion: number } | { ok: false; reason: 'wrong' | 'locked' };

/**
 * Checks a sign-in. Failures are counted per e-mail and client address, and per client address:
 * a stranger who tries someone's e-mail from elsewhere is slowed down without locking the owner
 * out of their own client (OWASP ASVS 5.0, 6.3). Failures older than a day are pruned as new
 * ones are written.
 */
export async function checkCredentials(
  db: Database,
  email: string,
  password: string,
  client: string,
): Promise<LoginResult> {
  const [recent] = await db.query<{ pair: number; client: number }>(
    `SELECT count(*) FILTER (WHERE lower(email) = lower($1))::int AS pair, count(*)::int AS client
     FROM login_failures WHERE client = $2 AND failed_at > now() - interval '15 minutes'`,
    [email, client],
  );
  if ((recent?.pair ?? 0) >= MAX_FAILURES || (recent?.client ?? 0) >= MAX_CLIENT_FAILURES) {
    await db.query(
      `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
       SELECT (SELECT id FROM admins WHERE lower(email) = lower($1)), $1, 'sign_in_failed', 'session', '', $2`,
      [typedEmail(email), loginAuditSummaries.locked],
    );
    return { ok: false, reason: 'locked' };
  }

  const [row] = await db.query<Admin & { password_hash: string; session_version: number }>(
    `SELECT ${PUBLIC_COLUMNS}, password_hash, session_version FROM admins WHERE lower(email) = lower($1)`,
    [email],
  );
  const valid = await verifyPassword(password, row?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
  if (!row || !valid) {
    await db.query(
      `WITH pruned AS (DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'),
       logged AS (
         INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
         VALUES ($3::uuid, $1, 'sign_in_failed', 'session', '', $4)
       )
       INSERT INTO login_failures (email, client) VALUES ($1, $2)`,
      [
        typedEmail(email),
        client.slice(0, 64),
        row?.id ?? null,
        row ? loginAuditSummaries.wrongPassword : loginAuditSummaries.unknownAccount,
      ],
    );
    return { ok: false, reason: 'wrong' };
  }
  if (needsRehash(row.password_hash))
    await db.query('UPDATE admins SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
      row.id,
      await hashPassword(password),
      row.password_hash,
    ]);
  const { password_hash: _, session_version: sessionVersion, ...admin } = row;
  await recordAccess(db, {
    admin,
    action: 'sign_in',
    entity: 'session',
    entityId: admin.id,
    summary: loginAuditSummaries.signedIn,
  });
  return { ok: true, admin, sessionVersion };
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
