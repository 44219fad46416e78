import { auditedChange, changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database, Statement } from '../db/index.ts';
import type { Read } from '../db/reads.ts';
import { Conflict, isForeignKeyViolation } from '../errors.ts';
import { isNoticeId, type NoticeTables } from './sql.ts';

/**
 * The steps a published notice's life shares, cortes' and avisos' (sql.ts): each kind gives its own
 * statements, where its rules differ, and the step runs them in one batch and reads what it left.
 */

/**
 * A new draft, answered as it was stored, in one round trip: `statements` (the row with its audit
 * row, what it has beside it), then `detail`, the read of the draft they drew. A town not in
 * outage_towns breaks a foreign key, which refuses the whole batch: `unknownTown` is the answer.
 */
export async function createDraft<Notice>(
  db: Database,
  {
    statements,
    detail,
    unknownTown,
  }: { statements: Statement[]; detail: Read<Notice | undefined>; unknownTown: () => Error },
): Promise<Notice> {
  try {
    const results = await db.batch([...statements, detail.statement]);
    return detail.answer(results.at(-1)!)!;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw unknownTown();
    throw error;
  }
}

/**
 * Publicar, in one round trip: `statements`, the change (first, its rows what it published) with
 * its audit row and its notice, then `detail`, the notice as the batch left it, which says why a
 * change that published nothing refused (`refused`). Undefined when there is no such notice.
 */
export async function publishStep<Notice>(
  db: Database,
  id: string,
  {
    statements,
    detail,
    refused,
  }: {
    statements: Statement[];
    detail: (id: string, params: unknown[]) => Read<Notice | undefined>;
    refused: (notice: Notice) => Error;
  },
): Promise<Notice | undefined> {
  if (!isNoticeId(id)) return undefined;
  const read = detail('$1', [id]);
  const results = await db.batch([...statements, read.statement]);
  const notice = read.answer(results.at(-1)!);
  if (!notice) return undefined;
  if (results[0]!.length === 0) throw refused(notice);
  return notice;
}

/**
 * A page of staff's list in one round trip: the count of the rows `where` keeps and the page's
 * rows, in `order`. `from` is the table with its alias (`outages o`), `join` what the rows read
 * beside it; `where` uses $1 and $2, the page takes $3 and $4.
 */
export async function noticePage<Row>(
  db: Database,
  {
    from,
    join = '',
    columns,
    where,
    params,
    order,
    page,
    pageSize,
  }: {
    from: string;
    join?: string;
    columns: string;
    where: string;
    params: [unknown, unknown];
    order: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: Row[]; total: number }> {
  const [count, rows] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM ${from} ${where}`, params },
    {
      text: `SELECT ${columns} FROM ${from} ${join} ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`,
      params: [...params, pageSize, (page - 1) * pageSize],
    },
  ] satisfies Statement[])) as [{ total: number }[], Row[]];
  return { rows, total: count[0]!.total };
}

/**
 * Only a draft goes away: what the public saw stays in the history. `words` name it in the log;
 * a notice published meanwhile is refused with `notDraft`.
 */
export async function deleteDraft(
  db: Database,
  admin: SignedInAdmin,
  { table, entity }: NoticeTables,
  id: string,
  { words, notDraft }: { words: string; notDraft: string },
): Promise<void> {
  const deleted = await changeAndAudit(db, {
    change: `DELETE FROM ${table} WHERE id = $1 AND status = 'borrador' RETURNING id`,
    params: [id, `borrador: ${words}`],
    admin,
    action: 'delete',
    entity,
    entityId: 'id',
    summary: '$2::text',
  });
  if (deleted.length === 0) throw new Conflict(notDraft);
}

/**
 * The statement of a public update with its audit row ("actualización de …"): `change` inserts it
 * into the notice's updates from $1 (the notice), $2 (the text) and $3 (its time) and returns the
 * notice's key; `effects`, what happens exactly when it does (audit.ts).
 */
export const auditedUpdate = (
  { key, entity }: NoticeTables,
  admin: SignedInAdmin,
  {
    change,
    effects,
    id,
    body,
    at,
    words,
  }: {
    change: string;
    effects?: string;
    id: string;
    body: string;
    at: string;
    words: string;
  },
): Statement =>
  auditedChange({
    change,
    params: [id, body, at, `actualización de ${words}`],
    ...(effects === undefined ? {} : { effects }),
    admin,
    action: 'create',
    entity,
    entityId: key,
    summary: '$4::text',
  });
