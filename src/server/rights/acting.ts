import { rightsMessages } from '../../shared/rights/texts.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database, Statement } from '../db/index.ts';
import { Conflict } from '../errors.ts';
import { confirmedRightsRequest, rightsRequestOf, type RightsRequestRow } from './request.ts';

/**
 * What every action of the rights desk shares: the request it acts on, and the internal note it
 * leaves on the request's case saying, in plain words, what was done.
 */

/**
 * The request of case `caseId`, open: a closed one is reopened before anything is done to it.
 * `confirmed`: the action touches the person's data, which nobody may before the e-mail is
 * confirmed (rights/request.ts).
 */
export async function requestToActOn(
  db: Database,
  caseId: string,
  { confirmed }: { confirmed: boolean },
): Promise<RightsRequestRow> {
  const request = confirmed ? await confirmedRightsRequest(db, caseId) : await rightsRequestOf(db, caseId);
  if (request.status === 'cerrado') throw new Conflict(rightsMessages.closed);
  return request;
}

const NOTE = `INSERT INTO case_entries (case_id, kind, body, admin_id, admin_name)`;
const adminName = (id: string) => `(SELECT name FROM admins WHERE id = ${id}::uuid)`;

/**
 * The note as a CTE of an audited change (audit.ts, `effects`): written only if the change is.
 * Its arguments are the statement's placeholders of the case id, the body and the admin's id.
 */
export const noteEffect = (caseId: string, body: string, adminId: string): string =>
  `noted AS (${NOTE} SELECT ${caseId}::bigint, 'note', ${body}, ${adminId}::uuid, ${adminName(adminId)}
     WHERE EXISTS (SELECT 1 FROM changed))`;

/** The note as a statement of its own, for a batch. */
export const noteStatement = (caseId: string, body: string, admin: SignedInAdmin): Statement => ({
  text: `${NOTE} VALUES ($1, 'note', $2, $3::uuid, ${adminName('$3')})`,
  params: [caseId, body, admin.id],
});
