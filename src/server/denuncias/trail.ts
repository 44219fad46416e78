import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Statement } from '../db/index.ts';

/**
 * The compliance trail: every view and action on the denuncias desk, read only by
 * compliance. Denuncias stay out of audit_log, which every administrator reads. A summary never
 * holds what a denuncia says: the trail is not sealed.
 */
export type TrailAction = 'view' | 'list' | 'download' | 'status' | 'reply' | 'note' | 'grant' | 'withdraw';

/** The entry of an action; `ifFound`: only if the denuncia exists, for a change of it in the same batch. */
export const trailEntry = (
  admin: SignedInAdmin,
  action: TrailAction,
  reference: string | null,
  summary: string,
  { ifFound = false }: { ifFound?: boolean } = {},
): Statement => ({
  text: `INSERT INTO compliance_trail (admin_id, admin_email, action, denuncia_reference, summary)
         SELECT $1, $2, $3, $4, $5 ${ifFound ? 'WHERE EXISTS (SELECT 1 FROM denuncias WHERE reference = $4)' : ''}`,
  params: [admin.id, admin.email, action, reference, summary],
});
