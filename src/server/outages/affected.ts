import { estimatedCredit, supplyDays, type Interruption } from '../../shared/outages/supply-days.ts';
import { forceMajeureNote } from '../../shared/outages/supply-days-texts.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { csvStream, type CsvColumn } from '../csv-export.ts';
import { isoTime, type Database } from '../db/index.ts';
import { isOutageId } from './admin-list.ts';

/**
 * afectados.csv (docs/reference/admin-api.md, docs/features/outages.md): every account of a restored
 * outage's town with its days without supply for that outage (art. 25 A, src/shared/outages/
 * supply-days.ts) and, when its previous bill is known, the estimated credit, for the billing
 * system to credit. Accounts without a locality are in no town's file.
 */

export type AffectedExport =
  | { kind: 'not-found' }
  | { kind: 'not-restored' }
  | { kind: 'no-real-times' }
  | { kind: 'exported'; csv: ReadableStream<Uint8Array> };

interface OutageRow {
  id: string;
  town: string;
  status: string;
  stopped_at: string | null;
  restored_at: string | null;
  force_majeure_resolution: string | null;
}

interface AccountRow {
  service_number: string;
  previous_bill_amount: number | null;
  previous_bill_days: number | null;
}

/**
 * A locality holds up to ~20,000 accounts: read in pages this large, a few round trips, each answer
 * well under a megabyte, while the CSV streams out.
 */
export const AFFECTED_BATCH = 10_000;

const EXPORTABLE = `o.status = 'restablecido' AND o.supply_stopped_at IS NOT NULL AND o.supply_restored_at IS NOT NULL`;

/**
 * The outage and, when it can be exported, its audit row with the number of accounts, in one
 * statement: the row is written before anything is read (src/server/audit.ts), and only for an
 * export that happens.
 */
const CHECK_AND_AUDIT = `WITH outage AS (
    SELECT o.id, o.town, o.status, o.force_majeure_resolution, t.name AS town_name, ${EXPORTABLE} AS exportable,
      CASE WHEN o.supply_stopped_at IS NULL THEN NULL ELSE ${isoTime('o.supply_stopped_at')} END AS stopped_at,
      CASE WHEN o.supply_restored_at IS NULL THEN NULL ELSE ${isoTime('o.supply_restored_at')} END AS restored_at
    FROM outages o JOIN outage_towns t ON t.slug = o.town WHERE o.id = $1
  ),
  counted AS (
    SELECT count(a.service_number)::int AS accounts
    FROM outage LEFT JOIN accounts a ON outage.exportable AND a.locality = outage.town
  ),
  logged AS (
    INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
    SELECT $2::uuid, $3, 'export', 'outage', outage.id::text,
      'afectados.csv: ' || counted.accounts || CASE counted.accounts WHEN 1 THEN ' cuenta' ELSE ' cuentas' END
        || ' de ' || outage.town_name
    FROM outage, counted WHERE outage.exportable
  )
  SELECT outage.id::text AS id, outage.town, outage.status, outage.stopped_at, outage.restored_at,
    outage.force_majeure_resolution
  FROM outage`;

/** The export of outage `id` for `admin`, audited; or why there is none. */
export async function exportAffected(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  { batchSize = AFFECTED_BATCH }: { batchSize?: number } = {},
): Promise<AffectedExport> {
  if (!isOutageId(id)) return { kind: 'not-found' };
  const [outage] = await db.query<OutageRow>(CHECK_AND_AUDIT, [id, admin.id, admin.email]);
  if (!outage) return { kind: 'not-found' };
  if (outage.status !== 'restablecido') return { kind: 'not-restored' };
  if (!outage.stopped_at || !outage.restored_at) return { kind: 'no-real-times' };
  const interruption: Interruption = {
    stoppedAt: outage.stopped_at,
    restoredAt: outage.restored_at,
    forceMajeureResolution: outage.force_majeure_resolution,
  };
  return {
    kind: 'exported',
    csv: csvStream('afectados.csv', affectedColumns(outage.id, interruption), accountsOf(db, outage.town, batchSize)),
  };
}

/** The town's accounts by service number, a page a round trip (keyset paging: none repeated or skipped). */
async function* accountsOf(db: Database, town: string, batchSize: number): AsyncGenerator<AccountRow> {
  let after = '';
  for (;;) {
    const page = await db.query<AccountRow>(
      `SELECT service_number, previous_bill_amount, previous_bill_days FROM accounts
       WHERE locality = $1 AND service_number > $2 ORDER BY service_number LIMIT $3`,
      [town, after, batchSize],
    );
    yield* page;
    if (page.length < batchSize) return;
    after = page.at(-1)!.service_number;
  }
}

/**
 * The columns for the billing system: the service as its own export names it, the outage (so a
 * row read apart from its file still says which outage credits it), the days as a
 * number with at most two decimals (a comma, as the staff's exports write them: csv-export.ts), the credit in whole pesos (empty when the previous
 * bill is not known) and, for force majeure, why the days are 0. Every account of an outage has
 * its days; the credit is computed from the exact days, as ¿Me afecta? tells the customer.
 */
function affectedColumns(outageId: string, interruption: Interruption): CsvColumn<AccountRow>[] {
  const days = supplyDays(interruption);
  const reason = interruption.forceMajeureResolution ? forceMajeureNote(interruption.forceMajeureResolution) : '';
  return [
    ['service_number', (row) => row.service_number],
    ['corte_id', () => outageId],
    ['dias_sin_suministro', () => Math.round(days * 100) / 100],
    [
      'credito_estimado',
      ({ previous_bill_amount: amount, previous_bill_days: billDays }) =>
        amount === null || billDays === null ? '' : estimatedCredit(days, { amount, days: billDays }),
    ],
    ['motivo', () => reason],
  ];
}
