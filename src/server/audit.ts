import {
  ACCESS_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  type AuditQuery,
} from '../shared/audit/schema.ts';
import { isoTime, type Database, type Statement } from './db/index.ts';

/**
 * The audit log: every change an admin makes and every access to the admin area. A change's row
 * is written by the same statement as the change (a data-modifying CTE), because Neon's HTTP
 * driver has no interactive transactions: a change that fails logs nothing, and a change is
 * never left without its row. An access's row is written before the access is granted (the
 * token, the payment, the export), so nothing is read without its row.
 */

interface AuditedChange {
  /** An INSERT, UPDATE or DELETE with RETURNING; its rows are the answer. */
  change: string;
  params: unknown[];
  /** Who made it, as the log keeps them (a signed-in admin is one): the log sits below auth/, which writes to it. */
  admin: { id: string; email: string };
  action: AuditAction;
  entity: AuditEntity;
  /** SQL over the columns the change returns: the changed row's id and the words the log shows. */
  entityId: string;
  summary: string;
  /**
   * More data-modifying CTEs of the same statement (`name AS (…), …`), over the change's rows as
   * `changed`: what must happen exactly when the change does, such as the mail of a change made
   * once only, which a later statement of a batch could not tell apart from another's.
   */
  effects?: string;
}

/** The statement of a change and its audit rows, to run in a batch with other statements. */
export function auditedChange({
  change,
  params,
  admin,
  action,
  entity,
  entityId,
  summary,
  effects,
}: AuditedChange): Statement {
  const next = params.length;
  const alongside = effects ? ` ${effects},` : '';
  return {
    text: `WITH changed AS (${change}),${alongside}
     logged AS (
       INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
       SELECT $${next + 1}::uuid, $${next + 2}, $${next + 3}, $${next + 4}, (${entityId})::text, ${summary} FROM changed
     )
     SELECT * FROM changed`,
    params: [...params, admin.id, admin.email, action, entity],
  };
}

/** Runs the change and writes one audit row per changed row; answers the changed rows. */
export function changeAndAudit<Row>(db: Database, change: AuditedChange): Promise<Row[]> {
  const { text, params } = auditedChange(change);
  return db.query<Row>(text, params);
}

interface RecordedAccess {
  /** The signed-in admin, or the e-mail typed in a failed sign-in (`id` null: no such admin). */
  admin: { id: string | null; email: string };
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  summary: string;
}

/**
 * The statement of an access's row, to run in the batch of the read it records; with `onlyIf` (SQL,
 * its entity id as $5), only when there was something to read.
 */
export const accessStatement = (
  { admin, action, entity, entityId, summary }: RecordedAccess,
  onlyIf = 'true',
): Statement => ({
  text: `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
         SELECT $1::uuid, $2, $3, $4, $5, $6 WHERE ${onlyIf}`,
  params: [admin.id, admin.email, action, entity, entityId, summary],
});

/** Writes the row of an access that changes nothing: a sign-in, a renewal, a read, an export. */
export async function recordAccess(db: Database, access: RecordedAccess): Promise<void> {
  const { text, params } = accessStatement(access);
  await db.query(text, params);
}

export async function listAudit(
  db: Database,
  { page, view }: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const where = view === '' ? '' : `WHERE ${view === 'accesos' ? '' : 'NOT '}action = ANY($1::text[])`;
  const params = view === '' ? [] : [ACCESS_ACTIONS];
  const [count, entries] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM audit_log ${where}`, params },
    {
      text: `SELECT id::int AS id, ${isoTime('created_at')} AS created_at, admin_id, admin_email, action, entity, entity_id, summary
             FROM audit_log ${where} ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      params: [...params, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE],
    },
  ])) as [{ total: number }[], AuditEntry[]];
  return { entries, total: count[0]!.total, page, pageSize: AUDIT_PAGE_SIZE };
}
