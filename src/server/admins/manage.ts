import type * as z from 'zod/mini';
import {
  adminMessages,
  hasRole,
  type Admin,
  type AdminCreateSchema,
  type AdminUpdateSchema,
} from '../../shared/admins/schema.ts';
import { changeAndAudit } from '../audit.ts';
import { findAdmin, PUBLIC_COLUMNS } from '../auth/sign-in.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Conflict, Invalid, NotAllowed, Throttled, uniqueOr } from '../errors.ts';
import { claimAttempt, refundStatements } from '../throttle/throttle.ts';
import { passwordCounters } from '../throttle/uses.ts';

/**
 * Administrators as admins manage them (docs/reference/admin-api.md). E-mails are unique whatever their
 * case (the admins_email index decides); a new password ends every session of its admin. A
 * password an administrator types (a new account, a reset) is never the owner's own
 * (password_chosen_at NULL): it opens no denuncias desk (src/server/auth/require-admin.ts).
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
 * only in Mi cuenta, with the current one (changeOwnPassword). Nobody resets the password of, or
 * changes the e-mail of, another account that holds `cumplimiento`: whoever did could
 * sign in as it and read the denuncias. The statement itself checks the role, so a grant made
 * meanwhile cannot slip between a check and the change.
 */
export async function updateAdmin(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: z.output<typeof AdminUpdateSchema>,
): Promise<Admin | undefined> {
  if (input.password && id === admin.id) throw new NotAllowed(adminMessages.ownPasswordInAccount, 'password');
  const [target] = await db.query<{ email: string; roles: string[] }>('SELECT email, roles FROM admins WHERE id = $1', [
    id,
  ]);
  if (!target) return undefined;
  guardComplianceAccount(admin, target);
  const handsOver = Boolean(input.password) || target.email !== input.email.toLowerCase();
  if (handsOver && id !== admin.id && hasRole(target, 'cumplimiento'))
    throw new NotAllowed(adminMessages.complianceCredentials);
  if (handsOver) await confirmActingAdmin(db, admin, input.ownPassword);
  return uniqueOr(adminMessages.duplicateEmail, 'email', async () => {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const [updated] = await changeAndAudit<Admin>(db, {
      change: `UPDATE admins SET name = $2, email = $3, avatar = $4, updated_at = now(),
                 password_hash = coalesce($5::text, password_hash),
                 password_chosen_at = CASE WHEN $5::text IS NULL THEN password_chosen_at END,
                 session_version = session_version + CASE WHEN $5::text IS NULL THEN 0 ELSE 1 END
               WHERE id = $1
                 AND ($1 = $6 OR NOT 'cumplimiento' = ANY(roles) OR ($5::text IS NULL AND lower(email) = $3))
               RETURNING ${PUBLIC_COLUMNS}`,
      params: [id, input.name, input.email.toLowerCase(), input.avatar || null, passwordHash, admin.id],
      admin,
      action: 'update',
      ...audit,
      summary: passwordHash ? `email || ' (nueva contraseña)'` : audit.summary,
    });
    // The account was granted `cumplimiento` since it was read.
    if (!updated) throw new NotAllowed(adminMessages.complianceCredentials);
    return updated;
  });
}

/**
 * A compliance user's account is changed only by compliance: an administrator who
 * could reset its password or e-mail could sign in as it and read the denuncias.
 */
function guardComplianceAccount(admin: SignedInAdmin, target: { roles: string[] }): void {
  if (hasRole(target, 'cumplimiento') && !hasRole(admin, 'cumplimiento'))
    throw new NotAllowed(adminMessages.complianceAccount);
}

/**
 * The acting admin's password, asked again: Invalid on that field when missing or wrong, Throttled
 * once wrong too often; counted on the sign-in's counters (src/server/throttle/uses.ts), so a stolen token
 * cannot guess it.
 */
async function confirmActingAdmin(db: Database, admin: SignedInAdmin, password: string): Promise<void> {
  if (!password) throw new Invalid(adminMessages.confirmWithPassword, 'ownPassword');
  if (!(await checkOwnPassword(db, admin, password)))
    throw new Invalid(adminMessages.wrongCurrentPassword, 'ownPassword');
}

/** The signed-in admin's own password, checked under the sign-in throttle: the stored hash when right. */
async function checkOwnPassword(db: Database, admin: SignedInAdmin, password: string): Promise<string | undefined> {
  const counters = await passwordCounters(admin.email, admin.client ?? '');
  const claim = await claimAttempt<{ password_hash: string }>(db, counters, {
    text: 'SELECT password_hash FROM admins WHERE id = $1',
    params: [admin.id],
  });
  if (claim.kind === 'wait') throw new Throttled(adminMessages.tooManyPasswordChecks, 900, 'ownPassword');
  const [row] = claim.rows;
  if (!row || !(await verifyPassword(password, row.password_hash))) return undefined;
  await db.batch(refundStatements(counters));
  return row.password_hash;
}

export async function deleteAdmin(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  if (id === admin.id) throw new Conflict(adminMessages.deleteSelf);
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
  if (await findAdmin(db, id)) throw new Conflict(adminMessages.deleteLast);
  return false;
}

/**
 * The signed-in admin's new password, once the current one is verified (throttled): the owner's
 * own from now on, which is what opens a compliance user's desk. Answers the new session version
 * (every earlier token stops working), or undefined for a wrong password.
 */
export async function changeOwnPassword(
  db: Database,
  admin: SignedInAdmin,
  currentPassword: string,
  newPassword: string,
): Promise<number | undefined> {
  const currentHash = await checkOwnPassword(db, admin, currentPassword);
  if (!currentHash) return undefined;
  const [changed] = await changeAndAudit<{ session_version: number }>(db, {
    // Only over the password just verified: of two concurrent changes one wins, not both.
    change: `UPDATE admins SET password_hash = $3, password_chosen_at = now(), session_version = session_version + 1,
               updated_at = now()
             WHERE id = $1 AND password_hash = $2 RETURNING id, email, session_version`,
    params: [admin.id, currentHash, await hashPassword(newPassword)],
    admin,
    action: 'password',
    ...audit,
  });
  return changed?.session_version;
}
