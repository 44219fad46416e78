import {
  caseMessages,
  caseStatuses,
  followUpHref,
  SISS_SENTENCE,
  yourCase,
  type CaseKind,
  type CaseUpdate,
} from '../../shared/cases/schema.ts';
import { site } from '../../shared/site.ts';
import { auditedChange, changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database, Statement } from '../db/index.ts';
import { Invalid } from '../errors.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { isCaseId } from './detail.ts';

/**
 * What staff do to a case in Atención ciudadana. Each change is written with its audit row in the
 * same statement (src/server/audit.ts), and answers false when there is no such case.
 */

/** The status and the assignee (null: nobody). Closing stamps closed_at; reopening clears it. */
export async function updateCase(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  { status, assigneeId }: CaseUpdate,
): Promise<boolean> {
  if (!isCaseId(id)) return false;
  let assigneeName: string | undefined;
  if (assigneeId) {
    const [assignee] = await db.query<{ name: string }>('SELECT name FROM admins WHERE id = $1', [assigneeId]);
    if (!assignee) throw new Invalid(caseMessages.assigneeNotFound, 'assigneeId');
    assigneeName = assignee.name;
  }
  // In words, for the audit log: "REC-7K3M9Q2X: En revisión, asignado a Ana Soto".
  const words = [
    status && caseStatuses[status],
    assigneeId !== undefined && (assigneeName ? `asignado a ${assigneeName}` : 'sin asignar'),
  ].filter(Boolean);
  const changed = await changeAndAudit(db, {
    change: `UPDATE cases SET
               status = coalesce($2, status),
               closed_at = CASE WHEN $2::text IS NULL THEN closed_at WHEN $2 = 'cerrado' THEN coalesce(closed_at, now()) END,
               assignee_id = CASE WHEN $3 THEN $4::uuid ELSE assignee_id END,
               updated_at = now()
             WHERE id = $1 RETURNING id, reference`,
    params: [id, status ?? null, assigneeId !== undefined, assigneeId ?? null, words.join(', ')],
    admin,
    action: 'update',
    entity: 'case',
    entityId: 'id',
    summary: `reference || ': ' || $5`,
  });
  return changed.length > 0;
}

/**
 * An internal note, staff only, never shown to the citizen: its statement, to run before the
 * case's detail in its batch (detail.ts); it adds nothing when there is no such case.
 */
export const addedNote = (admin: SignedInAdmin, id: string, body: string): Statement =>
  auditedChange({
    change: `INSERT INTO case_entries (case_id, kind, body, admin_id, admin_name)
             SELECT c.id, 'note', $2, $3::uuid, (SELECT name FROM admins WHERE id = $3::uuid) FROM cases c WHERE c.id = $1
             RETURNING case_id, (SELECT reference FROM cases WHERE id = case_id) AS reference`,
    params: [id, body, admin.id],
    admin,
    action: 'create',
    entity: 'case',
    entityId: 'case_id',
    summary: `'nota interna en ' || reference`,
  });

/** Where the citizen's answer to a reply goes: the mailbox of the form they wrote with. */
const replyMailbox: Record<CaseKind, string> = {
  reclamo: site.mailboxes.complaints,
  mensaje: site.mailboxes.contact,
  postulacion: site.mailboxes.jobs,
  motorhome: site.mailboxes.motorhome,
  derechos: site.mailboxes.privacy,
};

/**
 * Responder: the written reply is kept on the case, shown on /seguimiento and mailed to the
 * citizen through the outbox, and the case becomes Respondido, all in one transaction. A reply
 * to a reclamo always ends with how to take it to the SISS.
 */
export async function replyToCase(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  text: string,
  origin: string,
): Promise<boolean> {
  if (!isCaseId(id)) return false;
  const [target] = await db.query<{ kind: CaseKind; reference: string; citizen_name: string; citizen_email: string }>(
    'SELECT kind, reference, citizen_name, citizen_email FROM cases WHERE id = $1',
    [id],
  );
  if (!target) return false;
  const { kind, reference, citizen_name: name, citizen_email: email } = target;
  const body = kind === 'reclamo' ? `${text}\n\n${SISS_SENTENCE}` : text;
  await db.batch([
    auditedChange({
      change: `INSERT INTO case_entries (case_id, kind, body, admin_id, admin_name)
               VALUES ($1, 'reply', $2, $3::uuid, (SELECT name FROM admins WHERE id = $3::uuid))
               RETURNING case_id`,
      params: [id, body, admin.id, reference],
      admin,
      action: 'reply',
      entity: 'case',
      entityId: 'case_id',
      summary: '$4::text',
    }),
    {
      text: `UPDATE cases SET status = 'respondido', answered_at = now(), closed_at = NULL, updated_at = now() WHERE id = $1`,
      params: [id],
    },
    enqueueMail(
      {
        to: email,
        replyTo: replyMailbox[kind],
        subject: `Respuesta a ${yourCase[kind]} (${reference})`,
        text: [
          `Hola, ${name}:`,
          '',
          body,
          '',
          'Puede ver esta respuesta y el estado de su caso en:',
          `${origin}${followUpHref(reference)}`,
          '',
          site.name,
        ].join('\n'),
      },
      reference,
    ),
  ]);
  return true;
}
