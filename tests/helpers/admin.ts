import type { Config, Context } from '@netlify/functions';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import login from '../../netlify/functions/login.ts';
import type { AdminRole } from '../../src/shared/admins/schema.ts';
import type { PasswordStep } from '../../src/shared/auth/schema.ts';
import { ACCESS_ACTIONS } from '../../src/shared/audit/schema.ts';
import { Secret, TOTP } from 'otpauth';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { sealTotpSecret } from '../../src/server/auth/second-factor.ts';
import { startSession } from '../../src/server/auth/sessions.ts';
import { signAccessToken } from '../../src/server/auth/tokens.ts';
import type { Database } from '../../src/server/db/index.ts';
import { useLocalEnvironment } from './database.ts';
import { invalidForm, postJson, refused, routeParams, testContext } from './functions.ts';

export const TEST_JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

/** The local environment with a signing secret, for the admin functions. */
export function useAdminEnvironment() {
  const environment = useLocalEnvironment();
  beforeAll(() => {
    process.env.JWT_SECRET = TEST_JWT_SECRET;
  });
  return environment;
}

/** The TOTP secret (base32) every admin of signedInAdmin has enrolled: tests compute its codes. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code of a base32 secret for a 30-second step (now, unless `step` says). */
export const totpCode = (secret = TEST_TOTP_SECRET, step = Math.floor(Date.now() / 30_000)) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });

/** Gives an account the known TOTP secret, already enrolled, as its owner would at the first sign-in. */
export async function enrolTestSecret(db: Database, adminId: string, secret = TEST_TOTP_SECRET): Promise<void> {
  await db.query('UPDATE admins SET totp_secret = $2, totp_enrolled_at = now(), totp_last_step = NULL WHERE id = $1', [
    adminId,
    await sealTotpSecret(adminId, secret),
  ]);
}

/**
 * An admin of the test database (an administrator unless `roles` say), their password and a valid
 * token of a sign-in of theirs, with TEST_TOTP_SECRET enrolled. A compliance user's desk is open:
 * they chose their password after the grant, as its owner does.
 */
export async function signedInAdmin(db: Database, name: string, email: string, roles?: AdminRole[]) {
  const password = 'contraseña-de-prueba';
  const admin = await createAdmin(db, { name, email, password, ...(roles ? { roles } : {}) });
  await enrolTestSecret(db, admin.id);
  if (admin.roles.includes('cumplimiento'))
    await db.query(
      `UPDATE admins SET compliance_granted_at = now() - interval '1 minute', password_chosen_at = now() WHERE id = $1`,
      [admin.id],
    );
  const sessionId = await startSession(db, admin.id);
  return { ...admin, password, token: await signAccessToken({ adminId: admin.id, sessionVersion: 0, sessionId }) };
}

/**
 * Signs in through both steps of /api/login as the app does: the password, then a code of the
 * account's TOTP_SECRET (an account without a second factor enrols `secret`, as at a first
 * sign-in, then gets `secret` instead). Tests sign one account in several times a minute, and a code is accepted once: the
 * account's last accepted step is forgotten first (the replay guard has tests of its own).
 * Answers the last step's status and body: the password step's when it failed.
 */
export async function signInFully(
  db: Database,
  credentials: { email: string; password: string },
  { ip = '127.0.0.1', secret = TEST_TOTP_SECRET }: { ip?: string; secret?: string } = {},
) {
  const context = { ...testContext().context, ip } as Context;
  const first = await login(postJson('/api/login', credentials), context);
  const step = { status: first.status, body: await first.json() };
  if (step.status !== 200) return step;
  const data = step.body.data as PasswordStep;
  const code = data.secondFactor === 'enrol' ? totpCode(data.totp.secret) : totpCode(secret);
  if (data.secondFactor === 'totp')
    await db.query('UPDATE admins SET totp_last_step = NULL WHERE lower(email) = lower($1)', [credentials.email]);
  const second = await login(postJson('/api/login/second-factor', { challenge: data.challenge, code }), context);
  const answer = { status: second.status, body: await second.json() };
  // The next sign-ins of the account use the known secret.
  if (data.secondFactor === 'enrol' && answer.status === 200)
    await enrolTestSecret(db, answer.body.data.user.id, secret);
  return answer;
}

export interface FunctionModule {
  default: (req: Request, context: Context) => Promise<Response>;
  config: Config;
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as it is when a form or bytes; as JSON otherwise. */
  body?: unknown;
}

/**
 * Calls a function as the platform routes it: the path must match one of the function's own
 * `config.path` patterns (first match wins, as in scripts/lib/functions.ts), whose parameters
 * the function gets.
 */
export const callFunction = (fn: FunctionModule, method: string, path: string, options: CallOptions = {}) =>
  callFunctionOf(fn, method, path, options).response;

/** The same call, with what settles the work it left to run after its answer (`context.waitUntil`). */
export function callFunctionOf(
  fn: FunctionModule,
  method: string,
  path: string,
  { token, headers = {}, body }: CallOptions = {},
): { response: Promise<Response>; settle: () => Promise<unknown> } {
  const url = `http://localhost${path}`;
  const params = routeParams(fn.config, url);
  if (!params) throw new Error(`${path} is not a path of this function`);
  const init: RequestInit = { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } };
  if (body instanceof FormData || body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...init.headers };
  }
  const { context, settle } = testContext(params);
  return { response: fn.default(new Request(url, init), context), settle };
}

/** Status and JSON body of an answer. */
export const read = async (response: Response) => ({ status: response.status, body: await response.json() });

type AuditRow = { admin_email: string; action: string; entity: string; entity_id: string; summary: string };

/** The audit rows of changes, oldest first, without their time. */
export const auditRows = (db: Database) =>
  db.query<AuditRow>(
    'SELECT admin_email, action, entity, entity_id, summary FROM audit_log WHERE NOT action = ANY($1::text[]) ORDER BY id',
    [ACCESS_ACTIONS],
  );

/** The audit rows of accesses (sign-ins, renewals, reads, exports), oldest first, without their time. */
export const accessRows = (db: Database) =>
  db.query<AuditRow & { admin_id: string | null }>(
    'SELECT admin_id, admin_email, action, entity, entity_id, summary FROM audit_log WHERE action = ANY($1::text[]) ORDER BY id',
    [ACCESS_ACTIONS],
  );

/**
 * The bodies the create of a list staff manage refuses: each answers 400 with its field's message
 * and writes nothing to the audit log.
 */
export function describeRefusedBodies(
  cases: [string, unknown, Record<string, string>][],
  create: (body: unknown) => Promise<{ status: number; body: unknown }>,
  db: () => Database,
) {
  describe.each(cases)('with %s', (_case, body, errors) => {
    it('answers 400 with the field message and logs nothing', async () => {
      expect(await create(body)).toEqual(invalidForm(errors));
      expect(await auditRows(db())).toEqual([]);
    });
  });
}

/** Each method on each path of an unknown item answers its 404 and writes nothing to the audit log. */
export function itRefusesUnknownItems(
  cases: [string, string][],
  call: (method: string, path: string, body?: unknown) => Promise<Response>,
  { message, body, db }: { message: string; body: unknown; db: () => Database },
) {
  it.each(cases)('answers 404 to %s %s, and logs nothing', async (method, path) => {
    expect(await read(await call(method, path, method === 'PUT' ? body : undefined))).toEqual(refused(404, message));
    expect(await auditRows(db())).toEqual([]);
  });
}

/** A 200 answering one administrator, as `read()` gives it. */
export const adminAnswer = (admin: object) => ({ status: 200, body: { success: true, data: { admin } } });

/**
 * The admin environment with Ana Admin signed in once for the file: `db`, and `token`, her
 * session's access token once signed in.
 */
export function useSignedInAdmin() {
  const environment = useAdminEnvironment();
  const db = () => environment.database.db;
  let token = '';
  beforeAll(async () => {
    token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
  });
  return { environment, db, token: () => token };
}

/**
 * The test of a list staff manage: the admin environment, Ana Admin signed in, the audit log and
 * the list's `table` emptied before each test, and `call` that sends her token.
 */
export function useAdminCollection(fn: FunctionModule, table: string) {
  const { db, token } = useSignedInAdmin();
  beforeEach(async () => {
    await db().query('DELETE FROM audit_log');
    await db().query(`DELETE FROM ${table}`);
  });
  const call = (method: string, path: string, body?: unknown) =>
    callFunction(fn, method, path, { token: token(), body });
  return { db, call };
}
