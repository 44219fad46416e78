import { denunciaStatusLabels } from '../../shared/denuncias/case/schema.ts';
import type { DeskStatusChange } from '../../shared/denuncias/desk/schema.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Arrival } from '../http.ts';
import type { Database, Statement } from '../db/index.ts';
import { messageStatements, reporterNotice } from './messages.ts';
import { trailEntry } from './trail.ts';

/**
 * What compliance does to a denuncia on the desk: its status, a message to the reporter, an
 * internal note. Each change is written with its compliance-trail row in one transaction, never in
 * audit_log; each answers false when there is no such denuncia. Acknowledging, closing and
 * reopening are stamped with the request's instant (arrivalOf), the clock its deadlines use.
 */

/** A status in words, in SQL: "Recibida → En análisis" in the trail. */
const statusWords = (column: string) =>
  `CASE ${column} ${Object.entries(denunciaStatusLabels)
    .map(([status, label]) => `WHEN '${status}' THEN '${label}'`)
    .join(' ')} END`;

/**
 * Leaving Recibida acknowledges the report (once: acknowledged_at keeps its first instant);
 * Cerrada stamps closed_at, and any other status clears it (reopening).
 */
export async function changeStatus(
  db: Database,
  admin: SignedInAdmin,
  reference: string,
  { status }: DeskStatusChange,
  at: Date,
): Promise<boolean> {
  const changed = await db.query(
    `WITH before AS (SELECT id, status FROM denuncias WHERE reference = $1 FOR UPDATE),
     changed AS (
       UPDATE denuncias d SET status = $2, acknowledged_at = coalesce(d.acknowledged_at, $3),
         closed_at = CASE WHEN $2 = 'cerrada' THEN coalesce(d.closed_at, $3) END, updated_at = now()
       FROM before WHERE d.id = before.id
       RETURNING d.reference, before.status AS previous, d.status
     ),
     logged AS (
       INSERT INTO compliance_trail (admin_id, admin_email, action, denuncia_reference, summary)
       SELECT $4, $5, 'status', reference, ${statusWords('previous')} || ' → ' || ${statusWords('changed.status')} FROM changed
     )
     SELECT reference FROM changed`,
    [reference, status, at, admin.id, admin.email],
  );
  return changed.length > 0;
}

/** The acting compliance user's name, for the message; undefined when the denuncia does not exist. */
async function authorOf(db: Database, admin: SignedInAdmin, reference: string) {
  const [row] = await db.query<{ name: string }>(
    'SELECT (SELECT name FROM admins WHERE id = $2) AS name FROM denuncias WHERE reference = $1',
    [reference, admin.id],
  );
  return row && { ...admin, name: row.name };
}

/**
 * A message to the reporter, read on /denuncias/seguimiento with the receipt code; a reporter who
 * asked for it gets a content-free notice by e-mail (reporterNotice). Writing to the reporter
 * acknowledges a report still Recibida: it becomes En análisis.
 */
export async function writeToReporter(
  db: Database,
  admin: SignedInAdmin,
  reference: string,
  body: string,
  arrival: Arrival,
): Promise<boolean> {
  const author = await authorOf(db, admin, reference);
  if (!author) return false;
  const notice = await reporterNotice(db, reference, arrival.origin);
  const acknowledge: Statement = {
    text: `UPDATE denuncias SET status = CASE WHEN status = 'recibida' THEN 'en_analisis' ELSE status END,
             acknowledged_at = coalesce(acknowledged_at, $2) WHERE reference = $1`,
    params: [reference, arrival.at],
  };
  await db.batch([
    ...(await messageStatements({ reference, author: 'compliance', body, admin: author })),
    acknowledge,
    ...notice,
    trailEntry(
      admin,
      'reply',
      reference,
      notice.length > 0 ? 'Mensaje al denunciante, con aviso sin contenido a su correo' : 'Mensaje al denunciante',
    ),
  ]);
  return true;
}

/**
 * An internal note, compliance's only, never shown to the reporter: its statements, to run first in
 * the batch that reads the denuncia (desk.ts); where there is no such denuncia they write nothing.
 */
export const deskNote = async (admin: SignedInAdmin, reference: string, body: string): Promise<Statement[]> => [
  ...(await messageStatements({ reference, author: 'note', body, admin })),
  trailEntry(admin, 'note', reference, 'Nota interna', { ifFound: true }),
];
