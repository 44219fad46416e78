import type { Config, Context } from '@netlify/functions';
import { beforeAll } from 'vitest';
import type { AdminRole } from '../../src/shared/admins.ts';
import { ACCESS_ACTIONS } from '../../src/shared/audit.ts';
import { createAdmin } from '../../src/server/auth/admins.ts';
import { signAccessToken } from '../../src/server/auth/tokens.ts';
import type { Database } from '../../src/server/db/index.ts';
import { useLocalEnvironment } from './database.ts';
import { testContext } from './functions.ts';

export const TEST_JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

/** The local environment with a signing secret, for the admin functions. */
export function useAdminEnvironment() {
  const environment = useLocalEnvironment();
  beforeAll(() => {
    process.env.JWT_SECRET = TEST_JWT_SECRET;
  });
  return environment;
}

/** An admin of the test database (an administrator unless `roles` say), their password and a valid token of theirs. */
export async function signedInAdmin(db: Database, name: string, email: string, roles?: AdminRole[]) {
  const password = 'contraseña-de-prueba';
  const admin = await createAdmin(db, { name, email, password, ...(roles ? { roles } : {}) });
  return { ...admin, password, token: await signAccessToken({ adminId: admin.id, sessionVersion: 0 }) };
}

interface FunctionModule {
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
export function callFunction(
  fn: FunctionModule,
  method: string,
  path: string,
  { token, headers = {}, body }: CallOptions = {},
): Promise<Response> {
  const url = `http://localhost${path}`;
  const match = [fn.config.path ?? []]
    .flat()
    .map((pattern) => new URLPattern({ pathname: pattern }).exec(url))
    .find((result) => result !== null);
  if (!match) throw new Error(`${path} is not a path of this function`);
  const params = Object.fromEntries(
    Object.entries(match.pathname.groups).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const init: RequestInit = { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } };
  if (body instanceof FormData || body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...init.headers };
  }
  return fn.default(new Request(url, init), testContext(params).context);
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
