import type { Admin } from '../../shared/admins.ts';
import type { Database } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const PUBLIC_COLUMNS = 'id, name, email, avatar';
/** Spec §6: repeated failures are slowed down: after 5 in 15 minutes, the e-mail waits. */
const MAX_FAILURES = 5;

export const findAdmin = async (db: Database, id: string): Promise<Admin | undefined> =>
  isUuid(id) ? (await db.query<Admin>(`SELECT ${PUBLIC_COLUMNS} FROM admins WHERE id = $1`, [id]))[0] : undefined;

export async function createAdmin(
  db: Database,
  { name, email, password }: { name: string; email: string; password: string },
): Promise<Admin> {
  const [admin] = await db.query<Admin>(
    `INSERT INTO admins (name, email, password_hash) VALUES ($1, $2, $3) RETURNING ${PUBLIC_COLUMNS}`,
    [name, email.trim().toLowerCase(), await hashPassword(password)],
  );
  return admin!;
}

export type LoginResult =
  { ok: true; admin: Admin; sessionVersion: number } | { ok: false; reason: 'wrong' | 'locked' };

export async function checkCredentials(db: Database, email: string, password: string): Promise<LoginResult> {
  const [recent] = await db.query<{ failures: number }>(
    `SELECT count(*)::int AS failures FROM login_failures WHERE lower(email) = lower($1) AND failed_at > now() - interval '15 minutes'`,
    [email],
  );
  if ((recent?.failures ?? 0) >= MAX_FAILURES) return { ok: false, reason: 'locked' };

  const [row] = await db.query<Admin & { password_hash: string; session_version: number }>(
    `SELECT ${PUBLIC_COLUMNS}, password_hash, session_version FROM admins WHERE lower(email) = lower($1)`,
    [email],
  );
  // An unknown e-mail costs the same hashing as a wrong password, so timing reveals nothing.
  const valid = await verifyPassword(password, row?.password_hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
  if (!row || !valid) {
    await db.query('INSERT INTO login_failures (email) VALUES ($1)', [email.slice(0, 120)]);
    return { ok: false, reason: 'wrong' };
  }
  const { password_hash: _, session_version: sessionVersion, ...admin } = row;
  return { ok: true, admin, sessionVersion };
}

/** Sign-out: every token the admin holds stops working (src/server/auth/tokens.ts). */
export async function endSessions(db: Database, adminId: string): Promise<void> {
  await db.query('UPDATE admins SET session_version = session_version + 1 WHERE id = $1', [adminId]);
}
