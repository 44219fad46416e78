import { beforeEach, expect } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment, type FunctionModule } from './admin.ts';

/** The clock of every call (X-Local-Now): Monday 2 March 2026, 12:00 in Coyhaique (UTC-3). */
export const NOTICE_NOW = '2026-03-02T15:00:00.000Z';

interface NoticeFunction {
  /** The collection's address: '/api/admin/outages'. */
  collection: string;
  /** The key of the notice in the function's answers: 'outage'. */
  answer: string;
  /** A notice's draft as staff send it, which `create` changes. */
  draft: object;
  /** Emptied before each test, in this order (the audit log and the admins after them). */
  tables: string[];
  /** More to undo before each test, after the tables. */
  reset?: (db: Database) => Promise<unknown>;
}

/**
 * The set-up of a published notice's function tests (cortes, avisos): the admin environment, the
 * notice's tables, the audit log and the admins emptied before each test, Ana Admin signed in,
 * `call` that sends her token at a clock of its own (NOTICE_NOW unless `at`), and `create` and
 * `published`, a draft and a published notice made through the function itself.
 */
export function useNoticeFunction(fn: FunctionModule, { collection, answer, draft, tables, reset }: NoticeFunction) {
  const environment = useAdminEnvironment();
  const db = () => environment.database.db;
  let token = '';

  beforeEach(async () => {
    for (const table of [...tables, 'audit_log', 'admins']) await db().query(`DELETE FROM ${table}`);
    await reset?.(db());
    token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
  });

  const call = (method: string, path: string, body?: unknown, at = NOTICE_NOW) =>
    callFunction(fn, method, path, { token, body, headers: { 'x-local-now': at } }).then(read);

  async function create(changes: object = {}): Promise<string> {
    const { status, body } = await call('POST', collection, { ...draft, ...changes });
    expect(status).toBe(201);
    return body.data[answer].id as string;
  }

  async function published(changes: object = {}): Promise<string> {
    const id = await create(changes);
    expect((await call('POST', `${collection}/${id}/publish`, {})).status).toBe(200);
    return id;
  }

  return { db, token: () => token, call, create, published };
}

/**
 * What the steps of the notice `id` left, oldest first: the kinds of its notices (what subscribers
 * are mailed and CAP publishes) and its audit rows' actions and words.
 */
export async function noticeSteps(db: Database, entity: 'outage' | 'advisory', id: string) {
  const notices = await db.query<{ kind: string }>(
    `SELECT kind FROM ${entity}_notices WHERE ${entity}_id = $1 ORDER BY id`,
    [id],
  );
  const audit = await db.query<{ action: string; summary: string }>(
    `SELECT action, summary FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
    [entity, id],
  );
  return { notices: notices.map((row) => row.kind), audit };
}
