import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inviteFirstCompliance } from '../../src/server/auth/bootstrap.ts';
import { acceptInvitation, createInvitation, openInvitation } from '../../src/server/auth/invitations.ts';
import type { Database } from '../../src/server/db/index.ts';
import { totpCode, useAdminEnvironment } from '../helpers/admin.ts';

/**
 * The first compliance user's invitations, minted with the bootstrap token while nobody holds the
 * role: accepting one re-checks, in its own statement, that nobody holds it, and voids the other
 * open ones, so the token's holder cannot keep a spare link that makes a second compliance
 * account after the real officer's. On the real PostgreSQL, one session per acceptance.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const TOKEN = 'una-clave-de-arranque-de-al-menos-32-caracteres';
let seq = 0;

beforeEach(async () => {
  process.env.ADMIN_BOOTSTRAP_TOKEN = TOKEN;
  await db().query('DELETE FROM admin_invitations');
  await db().query(`DELETE FROM admins WHERE 'cumplimiento' = ANY(roles)`);
});
afterEach(() => {
  delete process.env.ADMIN_BOOTSTRAP_TOKEN;
});

/** An invitation of the bootstrap: its link's token. */
async function bootstrapInvitation(): Promise<string> {
  const invited = await inviteFirstCompliance(db(), {
    token: TOKEN,
    name: 'Elena Encargada',
    email: `elena-${++seq}@example.com`,
  });
  if (invited.kind !== 'invited') throw new Error(`not invited: ${invited.kind}`);
  return invited.path.split('#')[1]!;
}

/** The secret an invitation offered when its link was opened. */
const secretOf = async (token: string) => (await openInvitation(db(), token))!.totp.secret;

/** Accepts the invitation of `token` with the secret it offered and its first code. */
async function acceptWith(database: Database, token: string, secret: string) {
  const password = 'la-que-yo-elegi';
  const code = totpCode(secret);
  return (await acceptInvitation(database, { token, password, confirmPassword: password, secret, code })).kind;
}

/** Opens the link of `token` and accepts it, as its person would. */
const accept = async (database: Database, token: string) => acceptWith(database, token, await secretOf(token));

const complianceAccounts = async () =>
  (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM admins WHERE 'cumplimiento' = ANY(roles)`))[0]!.n;

/** A spare bootstrap invitation, once the role is held: it no longer opens, nor makes a second account. */
async function expectSpareVoid(spare: string, secret: string) {
  expect(await openInvitation(db(), spare)).toBeUndefined();
  expect(await acceptWith(db(), spare, secret)).toBe('invalid');
  expect(await complianceAccounts()).toBe(1);
}

describe('invitations of the bootstrap', () => {
  it('once one is accepted, a spare one minted before it creates no second compliance account', async () => {
    const real = await bootstrapInvitation();
    const spare = await bootstrapInvitation();
    // The token's holder opened the spare link before the officer accepted theirs.
    const secret = await secretOf(spare);
    expect(await accept(db(), real)).toBe('accepted');

    await expectSpareVoid(spare, secret);
  });

  it('is refused once someone holds the role by another way (an invitation of the operator)', async () => {
    const spare = await bootstrapInvitation();
    const secret = await secretOf(spare);
    const { token } = await createInvitation(db(), {
      name: 'Otra Persona',
      email: `otra-${++seq}@example.com`,
      roles: ['cumplimiento'],
    });
    expect(await accept(db(), token)).toBe('accepted');

    await expectSpareVoid(spare, secret);
  });

  it('an invitation of the operator voids none and stays valid beside a bootstrap acceptance', async () => {
    const first = await bootstrapInvitation();
    const { token } = await createInvitation(db(), {
      name: 'Segunda Persona',
      email: `segunda-${++seq}@example.com`,
      roles: ['cumplimiento'],
    });
    expect(await accept(db(), first)).toBe('accepted');
    expect(await accept(db(), token)).toBe('accepted');
    expect(await complianceAccounts()).toBe(2);
  });

  it('of two accepted at once, on separate sessions, exactly one makes a compliance account', async () => {
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      await db().query('DELETE FROM admin_invitations');
      await db().query(`DELETE FROM admins WHERE 'cumplimiento' = ANY(roles)`);
      const tokens = [await bootstrapInvitation(), await bootstrapInvitation()];
      const sessions = [environment.database.connect(), environment.database.connect()];
      const outcomes = await Promise.all(tokens.map((token, i) => accept(sessions[i]!, token)));

      expect(outcomes.toSorted()).toEqual(['accepted', 'invalid']);
      expect(await complianceAccounts()).toBe(1);
    }
  });
});
