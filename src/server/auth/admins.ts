import type { Database } from '../db/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface Admin {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
}

const PUBLIC_COLUMNS = 'id, name, email, avatar';
/** Spec §6: repeated failures are slowed down: after 5 in 15 minutes, the e-mail waits. */
const MAX_FAILURES = 5;

export const findAdmin = async (db: Database, id: string): Promise<Admin | undefined> =>
  /^[0-9a-f-]{36}$/.test(id) ? (await db.query<Admin>(`SELECT ${PUBLIC_COLUMNS} FROM admins WHERE id = $1`, [id]))[0] : undefined;

export async function createAdmin(db: Database, { name, email, password }: { name: string; email: string; password: string }): Promise<Admin> {
  const [admin] = await db.query<Admin>(
    `INSERT INTO admins (name, email, password_hash) VALUES ($1, $2, $3) RETURNING ${PUBLIC_COLUMNS}`,
    [name, email.trim().toLowerCase(), await hashPassword(password)],
  );
  return admin!;
}

export type LoginResult = { ok: true; admin: Admin } | { ok: false; reason: 'wrong' | 'locked' };

export async function checkCredentials(db: Database, email: string, password: string): Promise<LoginResult> {
  const [recent] = await db.query<{ failures: number }>(
    `SELECT count(*)::int AS failures FROM login_failures WHERE lower(email) = lower($1) AND failed_at > now() - interval '15 minutes'`,
    [email],
  );
  if ((recent?.failures ?? 0) >= MAX_FAILURES) return { ok: false, reason: 'locked' };

  const [row] = await db.query<Admin & { password_hash: string }>(`SELECT ${PUBLIC_COLUMNS}, password_hash FROM admins WHERE lower(email) = lower($1)`, [email]);
  // An unknown e-mail costs the same hashing as a wrong password, so timing reveals nothing.
  const valid = await verifyPassword(password, row?.password_hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
  if (!row || !valid) {
    await db.query('INSERT INTO login_failures (email) VALUES ($1)', [email.slice(0, 120)]);
    return { ok: false, reason: 'wrong' };
  }
  const { password_hash: _, ...admin } = row;
  return { ok: true, admin };
}
