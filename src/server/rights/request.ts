import { rightsMessages } from '../../shared/rights/texts.ts';
import type { RightType } from '../../shared/rights/texts.ts';
import { isCaseId } from '../cases/detail.ts';
import { isoTime, type Database } from '../db/index.ts';
import { Conflict, NotFound } from '../errors.ts';

/** A rights request as the desk acts on it, found by its case in Atención ciudadana. */
export interface RightsRequestRow {
  id: string;
  caseId: string;
  reference: string;
  type: RightType;
  name: string;
  email: string;
  rut: string;
  serviceNumber: string;
  status: string;
  dueOn: string;
  emailConfirmedAt: string | null;
  extendedAt: string | null;
  /** When staff recorded the proof of identity received: only then do the RUT and service number count (subject.ts). */
  proofReceivedAt: string | null;
}

/** The rights request of case `caseId`; NotFound for any other case or none. */
export async function rightsRequestOf(db: Database, caseId: string): Promise<RightsRequestRow> {
  const [row] = isCaseId(caseId)
    ? await db.query<RightsRequestRow>(
        `SELECT r.id::text AS id, c.id::text AS "caseId", r.reference, r.type, r.name, r.email, r.rut,
           r.service_number AS "serviceNumber", c.status, to_char(c.due_on, 'YYYY-MM-DD') AS "dueOn",
           ${isoTime('r.email_confirmed_at')} AS "emailConfirmedAt", ${isoTime('r.extended_at')} AS "extendedAt",
           ${isoTime('r.proof_received_at')} AS "proofReceivedAt"
         FROM cases c JOIN rights_requests r ON r.reference = c.reference WHERE c.id = $1`,
        [caseId],
      )
    : [];
  if (!row) throw new NotFound(rightsMessages.notFound);
  return row;
}

/**
 * The request of case `caseId` once its e-mail is confirmed: before that nothing about anyone's
 * data may be searched, shown or sent (anyone can type anyone's address into the form).
 */
export async function confirmedRightsRequest(db: Database, caseId: string): Promise<RightsRequestRow> {
  const request = await rightsRequestOf(db, caseId);
  if (!request.emailConfirmedAt) throw new Conflict(rightsMessages.notConfirmed);
  return request;
}
