import { followUpHref } from '../../shared/cases/schema.ts';
import { longDate } from '../../shared/time/long-date.ts';
import { acknowledgementTexts } from '../../shared/cases/texts.ts';
import type { RightsProof } from '../../shared/rights/desk/schema.ts';
import { rightsDeskMessages, rightsNotes } from '../../shared/rights/desk/texts.ts';
import { RIGHTS_BUSINESS_DAYS, rightsMailTexts, rightsMessages } from '../../shared/rights/texts.ts';
import { site } from '../../shared/site.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { addBusinessDays } from '../../shared/time/business-days.ts';
import type { Database } from '../db/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { deployContext } from '../mail/context.ts';
import { OUTBOX_COLUMNS } from '../outbox/outbox.ts';
import { noteEffect, requestToActOn } from './acting.ts';

/**
 * What the rights desk does to a request (Ley 21.719), each change in one statement with its
 * audit row and the note it leaves on the request's case. Erasure and rectification, which act
 * on the person's records, are in erasure.ts and rectification.ts.
 */

export { eraseRecords } from './erasure.ts';
export { rectifyRecord } from './rectification.ts';

/**
 * The one extension the law allows: the deadline moves 15 business days past the current one and
 * the person is told why. The statement that marks the request extended also moves the case's
 * deadline, queues the mail and writes the note, and only if it was not extended yet: two staff
 * at once extend it once, and the other is refused.
 */
export async function extendRightsRequest(
  db: Database,
  admin: SignedInAdmin,
  caseId: string,
  reason: string,
  origin: string,
): Promise<void> {
  const request = await requestToActOn(db, caseId, { confirmed: false });
  const due = addBusinessDays(request.dueOn, RIGHTS_BUSINESS_DAYS);
  const text = [
    `Hola, ${request.name}:`,
    '',
    rightsMailTexts.extension(request.reference, longDate(due), reason),
    '',
    acknowledgementTexts.followUp,
    `${origin}${followUpHref(request.reference)}`,
    '',
    site.name,
  ].join('\n');
  const extended = await changeAndAudit(db, {
    change: `UPDATE rights_requests SET extended_at = now(), extension_reason = $2
             WHERE id = $1 AND extended_at IS NULL RETURNING id, reference`,
    params: [
      request.id,
      reason,
      request.caseId,
      due,
      request.email,
      site.mailboxes.privacy,
      rightsMailTexts.extensionSubject(request.reference),
      text,
      deployContext(),
      rightsNotes.extension(longDate(due), reason),
      admin.id,
      `: plazo ampliado hasta el ${due}`,
    ],
    admin,
    action: 'extend',
    entity: 'rights_request',
    entityId: 'id',
    summary: 'reference || $12',
    effects: `moved AS (UPDATE cases SET due_on = $4::date, updated_at = now() WHERE id = $3 AND EXISTS (SELECT 1 FROM changed)),
     mailed AS (INSERT INTO outbox (${OUTBOX_COLUMNS}) SELECT reference, $5, $6, $7, $8, NULL, $9 FROM changed),
     ${noteEffect('$3', '$10', '$11')}`,
  });
  if (extended.length === 0) throw new Conflict(rightsMessages.alreadyExtended);
}

/** What proof of identity staff asked the person for, and what they received; each with its time. */
export async function recordProof(
  db: Database,
  admin: SignedInAdmin,
  caseId: string,
  { requested, received }: RightsProof,
): Promise<void> {
  if (!requested && !received) throw new Invalid(rightsDeskMessages.proofRequired, 'requested');
  const request = await requestToActOn(db, caseId, { confirmed: false });
  await changeAndAudit(db, {
    change: `UPDATE rights_requests SET
               proof_requested = coalesce($2, proof_requested),
               proof_requested_at = CASE WHEN $2::text IS NULL THEN proof_requested_at ELSE now() END,
               proof_received = coalesce($3, proof_received),
               proof_received_at = CASE WHEN $3::text IS NULL THEN proof_received_at ELSE now() END
             WHERE id = $1 RETURNING id, reference`,
    params: [
      request.id,
      requested || null,
      received || null,
      request.caseId,
      rightsNotes.proof(requested || undefined, received || undefined),
      admin.id,
    ],
    admin,
    action: 'update',
    entity: 'rights_request',
    entityId: 'id',
    summary: `reference || ': acreditación de identidad'`,
    effects: noteEffect('$4', '$5', '$6'),
  });
}

/**
 * Bloqueo and oposición: the request's e-mail, RUT and service number are marked (data_blocks),
 * and from then on no alert of cortes (outage-alerts/fan-out.ts) nor automatic acknowledgement
 * (mail/acknowledgements.ts) goes to that address. Once per request.
 */
export async function blockSubject(db: Database, admin: SignedInAdmin, caseId: string): Promise<void> {
  const request = await requestToActOn(db, caseId, { confirmed: true });
  const kind = request.type === 'bloqueo' ? 'bloqueo' : 'oposicion';
  const blocked = await changeAndAudit(db, {
    change: `INSERT INTO data_blocks (reference, kind, email, rut, service_number)
             SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM data_blocks WHERE reference = $1)
             RETURNING reference`,
    params: [
      request.reference,
      kind,
      request.email,
      request.rut,
      request.serviceNumber,
      request.caseId,
      rightsNotes.block(kind),
      admin.id,
      request.id,
      `: ${kind === 'bloqueo' ? 'bloqueo' : 'oposición'} de sus datos`,
    ],
    admin,
    action: 'create',
    entity: 'rights_request',
    entityId: '$9::text',
    summary: 'reference || $10',
    effects: noteEffect('$6', '$7', '$8'),
  });
  if (blocked.length === 0) throw new Conflict(rightsDeskMessages.alreadyBlocked);
}
