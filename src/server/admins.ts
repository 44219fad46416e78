import type * as z from 'zod/mini';
import {
  adminMessages,
  hasRole,
  type Admin,
  type AdminCreateSchema,
  type AdminUpdateSchema,
} from '../shared/admins.ts';
import { changeAndAudit } from './audit.ts';
import { findAdmin, PUBLIC_COLUMNS } from './auth/admins.ts';
import { hashPassword, verifyPassword } from './auth/passwords.ts';
import type { SignedInAdmin } from './auth/require-admin.ts';
import type { Database } from './db/index.ts';
import { ClientError, ConflictError, uniqueOr } from './errors.ts';

/**
 * Administrators as admins manage them (docs/admin-api.md). E-mails are unique whatever their
 * case (the admins_email index decides); a new password ends every session of its admin.
 */

const audit = { entity: 'admin', entityId: 'id', summary: 'email' } as const;

export const listAdmins = (db: Database) =>
  db.query<Admin>(`SELECT ${PUBLIC_COLUMNS} FROM admins ORDER BY lower(name), id`);

/** A new administrator: an account handed over, so the acting admin's password is asked again. */
export async function addAdmin(db: Database, admin: SignedInAdmin, input: z.output<typeof AdminCreateSchema>) {
  await confirmActingAdmin(db, admin, input.ownPassword);
  return uniqueOr(adminMessages.duplicateEmail, 'email', async () => {
    const [created] = await changeAndAudit<Admin>(db, {
      change: `INSERT INTO admins (name, email, avatar, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${PUBLIC_COLUMNS}`,
      params: [input.name, input.email.toLowerCase(), input.avatar || null, await hashPassword(input.password)],
      admin,
      action: 'create',
      ...audit,
    });
    return created!;
  });
}

/**
 * Another admin's profile, or one's own through Mi cuenta (no `password` there). A new e-mail or
 * a reset password first asks the acting admin's own password again; one's own password changes
 * only in Mi cuenta, with the current one (changeOwnPassword).
 */
export async function updateAdmin(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: z.output<typeof AdminUpdateSchema>,
): Promise<Admin | undefined> {
  if (input.password && id === admin.id) throw new ClientError(403, adminMessages.ownPasswordInAccount, 'password');
  const [target] = await db.query<{ email: string; roles: string[] }>('SELECT email, roles FROM admins WHERE id = $1', [
    id,
  ]);
  if (!target) return undefined;
  guardComplianceAccount(admin, target);
  if (input.password || target.email !== input.email.toLowerCase())
    await confirmActingAdmin(db, admin, input.ownPassword);
  return uniqueOr(adminMessages.duplicateEmail, 'email', async () => {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const [updated] = await changeAndAudit<Admin>(db, {
      change: `UPDATE admins SET name = $2, email = $3, avatar = $4, updated_at = now(),
                 password_hash = coalesce($5::text, password_hash),
                 session_version = session_version + CASE WHEN $5::text IS NULL THEN 0 ELSE 1 END
               WHERE id = $1 RETURNING ${PUBLIC_COLUMNS}`,
      params: [id, input.name, input.email.toLowerCase(), input.avatar || null, passwordHash],
      admin,
      action: 'update',
      ...audit,
      summary: passwordHash ? `email || ' (nueva contraseña)'` : audit.summary,
    });
    return updated;
  });
}

/**
 * A compliance user's account is changed only by compliance (issue 16): an administrator who
 * could reset its password or e-mail could sign in as it and read the denuncias.
 */
function guardComplianceAccount(admin: SignedInAdmin, target: { roles: string[] }): void {
  if (hasRole(target, 'cumplimiento') && !hasRole(admin, 'cumplimiento'))
    throw new ClientError(403, adminMessages.complianceAccount);
}

/** The acting admin's password, asked again: 400 on that field when missing or wrong. */
async function confirmActingAdmin(db: Database, admin: SignedInAdmin, password: string): Promise<void> {
  if (!password) throw new ClientError(400, adminMessages.confirmWithPassword, 'ownPassword');
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE id = $1', [admin.id]);
  if (!row || !(await verifyPassword(password, row.password_hash)))
    throw new ClientError(400, adminMessages.wrongCurrentPassword, 'ownPassword');
}

export async function deleteAdmin(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  if (id === admin.id) throw new ConflictError(adminMessages.deleteSelf);
  const target = await findAdmin(db, id);
  if (!target) return false;
  guardComplianceAccount(admin, target);
  const deleted = await changeAndAudit(db, {
    // Locking every admin row makes concurrent deletions wait for each other, so each counts
    // what the one before left: the last admin always stays.
    change: `DELETE FROM admins WHERE id = $1 AND (SELECT count(*) FROM (SELECT id FROM admins FOR UPDATE) AS locked) > 1 RETURNING ${PUBLIC_COLUMNS}`,
    params: [id],
    admin,
    action: 'delete',
    ...audit,
  });
  if (deleted.length > 0) return true;
  if (await findAdmin(db, id)) throw new ConflictError(adminMessages.deleteLast);
  return false;
}

/**
 * The signed-in admin's new password, once the current one is verified; answers the new
 * session version (every earlier token stops working), or undefined for a wrong password.
 */
export async function changeOwnPassword(
  db: Database,
  admin: SignedInAdmin,
  currentPassword: string,
  newPassword: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins WHERE id = $1', [admin.id]);
  if (!row || !(await verifyPassword(currentPassword, row.password_hash))) return undefined;
  const [changed] = await changeAndAudit<{ session_version: number }>(db, {
    // Only over the password just verified: of two concurrent changes one wins, not both.
    change:
      'UPDATE admins SET password_hash = $3, session_version = session_version + 1, updated_at = now() WHERE id = $1 AND password_hash = $2 RETURNING id, email, session_version',
    params: [admin.id, row.password_hash, await hashPassword(newPassword)],
    admin,
    action: 'password',
    ...audit,
  });
  return changed?.session_version;
}
