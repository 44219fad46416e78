import { deskMessages, type TeamMember } from '../../shared/denuncias/desk/schema.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Conflict } from '../errors.ts';
import { isUuid } from '../ids.ts';

/**
 * The compliance team: only a compliance user grants or withdraws `cumplimiento`, here,
 * never an administrator (their screens do not change roles). The first one accepts an invitation
 * (`npm run admin:create -- --role cumplimiento`, src/server/auth/invitations.ts). Each change is
 * written with its trail row in the same statement.
 */

const COLUMNS = 'id::text AS id, name, email, roles';

export const listTeam = (db: Database) =>
  db.query<TeamMember>(`SELECT ${COLUMNS} FROM admins ORDER BY lower(admins.name), admins.id`);

/**
 * Grants or withdraws the role; undefined when there is no such account. A grant ends every
 * session of the account and dates the grant: its desk opens once its owner has chosen a password
 * since then and has a second factor, so whoever typed its password before (an
 * administrator who created or reset it) cannot open it. Withdrawing refuses
 * (a Conflict) an account that would keep no role (delete it instead) and the last compliance user:
 * counted with every compliance row locked, so two withdrawals at once cannot both pass.
 */
export async function setCompliance(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  compliance: boolean,
): Promise<TeamMember | undefined> {
  if (!isUuid(id)) return undefined;
  const change = compliance
    ? `UPDATE admins SET roles = array_append(roles, 'cumplimiento'), updated_at = now(),
         compliance_granted_at = now(), session_version = session_version + 1
       WHERE id = $1 AND NOT 'cumplimiento' = ANY(roles) RETURNING ${COLUMNS}`
    : `UPDATE admins SET roles = array_remove(roles, 'cumplimiento'), updated_at = now()
       WHERE id = $1 AND 'cumplimiento' = ANY(roles) AND cardinality(roles) > 1
         AND (SELECT count(*) FROM (SELECT id FROM admins WHERE 'cumplimiento' = ANY(roles) FOR UPDATE) AS locked) > 1
       RETURNING ${COLUMNS}`;
  const [changed] = await db.query<TeamMember>(
    `WITH changed AS (${change}),
     logged AS (
       INSERT INTO compliance_trail (admin_id, admin_email, action, summary)
       SELECT $2, $3, $4, $5 || email FROM changed
     )
     SELECT * FROM changed`,
    [
      id,
      admin.id,
      admin.email,
      compliance ? 'grant' : 'withdraw',
      compliance ? 'Rol de cumplimiento otorgado a ' : 'Rol de cumplimiento quitado a ',
    ],
  );
  if (changed) return changed;
  const [current] = await db.query<TeamMember>(`SELECT ${COLUMNS} FROM admins WHERE id = $1`, [id]);
  if (!current) return undefined;
  const holds = current.roles.includes('cumplimiento');
  // Already as asked: nothing to change, nothing in the trail.
  if (holds === compliance) return current;
  if (current.roles.length === 1) throw new Conflict(deskMessages.onlyCompliance);
  throw new Conflict(deskMessages.lastCompliance);
}
