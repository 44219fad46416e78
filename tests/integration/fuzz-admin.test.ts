import { beforeAll } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens.ts';
import { startSession } from '../../src/server/auth/sessions.ts';
import { signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { adminFunctions } from '../helpers/fuzz-endpoints.ts';
import { describeFuzz, rowCounter, type Caller } from '../helpers/fuzz.ts';
import type { RowChanges } from '../helpers/row-changes.ts';

/**
 * The fuzz test of the admin functions (tests/helpers/fuzz.ts), signed in: an administrator, and
 * a compliance officer for the denuncias desk.
 */
const environment = useAdminEnvironment();
const db = () => environment.database.db;
let rowChanges: RowChanges;
const accounts: Record<'administrador' | 'cumplimiento', { id: string; token: string }> = {
  administrador: { id: '', token: '' },
  cumplimiento: { id: '', token: '' },
};

beforeAll(async () => {
  const administrator = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  const officer = await signedInAdmin(db(), 'Carla Cumplimiento', 'carla@example.com', ['cumplimiento']);
  accounts.administrador = { id: administrator.id, token: administrator.token };
  accounts.cumplimiento = { id: officer.id, token: officer.token };
  rowChanges = await rowCounter(db());
});

/** A new sign-in of the account: a fuzzed request may have ended the last (a password change, a sign-out). */
async function renew(role: keyof typeof accounts) {
  const { id } = accounts[role];
  const [{ session_version: sessionVersion } = { session_version: 0 }] = await db().query<{ session_version: number }>(
    'SELECT session_version FROM admins WHERE id = $1',
    [id],
  );
  const sessionId = await startSession(db(), id);
  accounts[role].token = await signAccessToken({ adminId: id, sessionVersion, sessionId });
}

describeFuzz(
  adminFunctions,
  (fn): Caller => {
    const role = fn.signedIn ?? 'administrador';
    return { token: () => accounts[role].token, renew: () => renew(role) };
  },
  () => rowChanges,
  'admin',
);
