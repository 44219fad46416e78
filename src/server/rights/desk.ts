import type { RightsDesk } from '../../shared/rights/desk/schema.ts';
import { rightsMessages } from '../../shared/rights/texts.ts';
import { isCaseId } from '../cases/detail.ts';
import { isoTime, type Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';

/**
 * The desk's view of one rights request: what only a rights request has, beside its case in
 * Atención ciudadana (whose status, notes and replies the case's own view gives).
 */
export async function rightsDesk(db: Database, caseId: string): Promise<RightsDesk> {
  const [row] = isCaseId(caseId)
    ? await db.query<Omit<RightsDesk, 'exports' | 'blocks'> & { exports: string; blocks: string }>(
        `SELECT r.reference, r.type, ${isoTime('r.email_confirmed_at')} AS "emailConfirmedAt",
           r.proof_requested AS "proofRequested", ${isoTime('r.proof_requested_at')} AS "proofRequestedAt",
           r.proof_received AS "proofReceived", ${isoTime('r.proof_received_at')} AS "proofReceivedAt",
           ${isoTime('r.extended_at')} AS "extendedAt", r.extension_reason AS "extensionReason",
           to_char(c.due_on, 'YYYY-MM-DD') AS "dueOn",
           coalesce((SELECT json_agg(json_build_object('id', e.id::text, 'createdAt', ${isoTime('e.created_at')},
                       'expiresAt', ${isoTime('e.expires_at')}, 'downloadedAt', ${isoTime('e.downloaded_at')})
                     ORDER BY e.created_at DESC, e.id)
                     FROM rights_exports e WHERE e.request_id = r.id), '[]')::text AS exports,
           coalesce((SELECT json_agg(json_build_object('kind', b.kind, 'createdAt', ${isoTime('b.created_at')})
                     ORDER BY b.created_at, b.id)
                     FROM data_blocks b WHERE b.reference = r.reference), '[]')::text AS blocks
         FROM cases c JOIN rights_requests r ON r.reference = c.reference WHERE c.id = $1`,
        [caseId],
      )
    : [];
  if (!row) throw new NotFound(rightsMessages.notFound);
  // json_agg travels as text: the pg and Neon drivers would otherwise parse it differently.
  return { ...row, exports: JSON.parse(row.exports), blocks: JSON.parse(row.blocks) };
}
