import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { isOutageId } from './admin-list.ts';

/**
 * The "SIGO SIN AGUA" replies of a restored corte (phone-alerts/inbound.ts): staff mark them
 * answered once a crew has seen to them, and only then does the corte count as restored within 12
 * hours on /indicadores while more than STILL_WITHOUT_WATER_TOLERATED of them were waiting
 * (indicators/figures.ts). Answers how many were marked, or undefined for no such outage.
 */
export async function answerWaterReports(db: Database, admin: SignedInAdmin, id: string): Promise<number | undefined> {
  if (!isOutageId(id)) return undefined;
  // One audit row for the corte, however many replies: the outage is the change, the replies its effect.
  const [changed] = await changeAndAudit<{ answered: number }>(db, {
    change: `UPDATE outages SET updated_at = now() WHERE id = $1
               AND EXISTS (SELECT 1 FROM outage_water_reports r WHERE r.outage_id = $1 AND r.answered_at IS NULL)
             RETURNING id, (SELECT count(*)::int FROM outage_water_reports r
                            WHERE r.outage_id = outages.id AND r.answered_at IS NULL) AS answered`,
    params: [id],
    admin,
    action: 'update',
    entity: 'outage',
    entityId: 'id',
    summary: `'Respuestas SIGO SIN AGUA atendidas: ' || answered`,
    effects: `answered_reports AS (UPDATE outage_water_reports SET answered_at = now()
                WHERE outage_id IN (SELECT id FROM changed) AND answered_at IS NULL)`,
  });
  if (changed) return changed.answered;
  const [outage] = await db.query('SELECT 1 FROM outages WHERE id = $1', [id]);
  return outage ? 0 : undefined;
}
