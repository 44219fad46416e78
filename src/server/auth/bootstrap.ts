import type { Admin, AdminRole } from '../../shared/admins/schema.ts';
import {
  MIN_BOOTSTRAP_TOKEN,
  type BootstrapInput,
  type BootstrapStatus,
  type ComplianceBootstrapInput,
} from '../../shared/bootstrap/schema.ts';
import { config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { sameSecret } from '../link-tokens.ts';
import { PUBLIC_COLUMNS } from './sign-in.ts';
import { createInvitation, invitationPath } from './invitations.ts';
import { hashPassword } from './passwords.ts';

/**
 * The first account of a role, created once (docs/features/admin.md, "The first accounts"): open while
 * ADMIN_BOOTSTRAP_TOKEN holds at least 32 characters and no account holds the role. The first
 * administrator, who types their own password here, and the first compliance user, whom no
 * administrator may create: invited, so that person chooses their own password.
 */

type ConfiguredToken = { state: 'disabled' | 'misconfigured' } | { state: 'set'; token: string };

function configuredToken(): ConfiguredToken {
  const token = config.adminBootstrapToken();
  if (!token) return { state: 'disabled' };
  if (token.length < MIN_BOOTSTRAP_TOKEN) {
    console.warn(`bootstrap: ADMIN_BOOTSTRAP_TOKEN is shorter than ${MIN_BOOTSTRAP_TOKEN} characters; refused.`);
    return { state: 'misconfigured' };
  }
  return { state: 'set', token };
}

const anyHolder = async (db: Database, role: AdminRole) =>
  (await db.query('SELECT 1 FROM admins WHERE $1 = ANY(roles) LIMIT 1', [role])).length > 0;

export async function bootstrapStatus(db: Database, role: AdminRole = 'administrador'): Promise<BootstrapStatus> {
  const configured = configuredToken();
  if (configured.state !== 'set') return configured.state;
  return (await anyHolder(db, role)) ? 'done' : 'available';
}

type Refusal = { kind: 'disabled' | 'misconfigured' | 'wrong-token' | 'done' };
export type BootstrapOutcome = { kind: 'created'; admin: Admin } | Refusal;
export type ComplianceBootstrapOutcome = { kind: 'invited'; path: string; expiresAt: string } | Refusal;

/** The refusal of a bootstrap, if any: no usable token, a wrong one, or the role already held. */
async function refusal(db: Database, token: string, role: AdminRole): Promise<Refusal | undefined> {
  const configured = configuredToken();
  if (configured.state !== 'set') return { kind: configured.state };
  if (!sameSecret(token, configured.token)) return { kind: 'wrong-token' };
  return (await anyHolder(db, role)) ? { kind: 'done' } : undefined;
}

/**
 * The first compliance user's invitation (src/server/auth/invitations.ts), while nobody holds the
 * role: the link the token's holder hands to that person. Usable only while nobody holds it, and
 * spent with every other of the bootstrap when one is accepted.
 */
export async function inviteFirstCompliance(
  db: Database,
  input: ComplianceBootstrapInput,
): Promise<ComplianceBootstrapOutcome> {
  const refused = await refusal(db, input.token, 'cumplimiento');
  if (refused) return refused;
  const { token, expiresAt } = await createInvitation(db, {
    name: input.name,
    email: input.email,
    roles: ['cumplimiento'],
    origin: 'bootstrap',
  });
  return { kind: 'invited', path: invitationPath(token), expiresAt };
}

/**
 * Creates the first administrator, with its audit row, only while there is none: the person
 * typed the password themselves (password_chosen_at). The admins table
 * is locked (SHARE ROW EXCLUSIVE, which only one transaction holds at a time) before the insert
 * in the same transaction: under Postgres' default isolation two concurrent inserts guarded only
 * by NOT EXISTS would both see an empty table and both succeed; locked, the second one waits,
 * then sees the first administrator and inserts nothing.
 */
export async function createFirstAdmin(db: Database, input: BootstrapInput): Promise<BootstrapOutcome> {
  // Not worth hashing a password for a site that already has its account.
  const refused = await refusal(db, input.token, 'administrador');
  if (refused) return refused;
  const [, created] = (await db.batch([
    { text: 'LOCK TABLE admins IN SHARE ROW EXCLUSIVE MODE' },
    {
      text: `WITH created AS (
               INSERT INTO admins (name, email, password_hash, password_chosen_at)
               SELECT $1, $2, $3, now() WHERE NOT EXISTS (SELECT 1 FROM admins WHERE 'administrador' = ANY(roles))
               RETURNING ${PUBLIC_COLUMNS}
             ), logged AS (
               INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
               SELECT id, email, 'create', 'admin', id::text, email || ' (primer administrador, con ADMIN_BOOTSTRAP_TOKEN)'
               FROM created
             )
             SELECT * FROM created`,
      params: [input.name, input.email.toLowerCase(), await hashPassword(input.password)],
    },
  ])) as [unknown[], Admin[]];
  const admin = created[0];
  return admin ? { kind: 'created', admin } : { kind: 'done' };
}
