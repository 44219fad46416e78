import type { OutageHistoryEntry, OutageLookupHistory } from '../../shared/outages/schema.ts';
import {
  estimatedCredit,
  interruptionHours,
  supplyDays,
  totalSupplyDays,
  type Interruption,
} from '../../shared/outages/supply-days.ts';
import {
  ESTIMATE_NOTE,
  forceMajeureNote,
  SUPPLY_DAY_FORMULA,
  SUPPLY_DAY_RULE,
} from '../../shared/outages/supply-days-texts.ts';
import type { Database } from '../db/index.ts';
import { historyOf, historySince, parsedHistory } from './history.ts';

/**
 * "¿Me afecta?" (POST /api/outages/lookup): the town of a service and its town's outages of the
 * last 12 months counted by Ley 19.496 art. 25 A, and nothing else of its account (no balance, no
 * address; its previous bill only as the estimate it gives). `unknown` when the service does not
 * exist, `no-town` when the billing export did not give its locality.
 */
export type ServiceLookup =
  { kind: 'found'; town: string; history: OutageLookupHistory } | { kind: 'no-town' } | { kind: 'unknown' };

interface Row {
  locality: string | null;
  previousBillAmount: number | null;
  previousBillDays: number | null;
  history: string;
}

/** The account and its locality's history in one statement: one round trip a lookup. */
export async function lookUpService(db: Database, serviceNumber: string, now: Date): Promise<ServiceLookup> {
  const since = historySince(now);
  const [row] = await db.query<Row>(
    `SELECT a.locality, a.previous_bill_amount AS "previousBillAmount", a.previous_bill_days AS "previousBillDays",
       ${historyOf('a.locality', '$2', '$3', { recordedOnly: true })} AS history
     FROM accounts a WHERE a.service_number = $1`,
    [serviceNumber, since.instant, now.toISOString()],
  );
  if (!row) return { kind: 'unknown' };
  if (!row.locality) return { kind: 'no-town' };
  const previousBill =
    row.previousBillAmount !== null && row.previousBillDays !== null
      ? { amount: row.previousBillAmount, days: row.previousBillDays }
      : null;
  return {
    kind: 'found',
    town: row.locality,
    history: countedHistory(since.day, parsedHistory(row.history), previousBill),
  };
}

/** The outages with both real times, each counted, the total (a day once) and the estimate. */
function countedHistory(
  since: string,
  recorded: OutageHistoryEntry[],
  previousBill: { amount: number; days: number } | null,
): OutageLookupHistory {
  const interruptions = recorded.map((outage): Interruption & { outage: OutageHistoryEntry } => ({
    outage,
    stoppedAt: outage.stoppedAt!,
    restoredAt: outage.restoredAt!,
    forceMajeureResolution: outage.forceMajeureResolution,
  }));
  const totalDays = totalSupplyDays(interruptions);
  return {
    since,
    outages: interruptions.map(({ outage, ...interruption }) => ({
      id: outage.id,
      sectors: outage.sectors,
      causeClass: outage.causeClass,
      stoppedAt: interruption.stoppedAt,
      restoredAt: interruption.restoredAt,
      hours: interruptionHours(interruption),
      supplyDays: supplyDays(interruption),
      forceMajeure: interruption.forceMajeureResolution ? forceMajeureNote(interruption.forceMajeureResolution) : null,
    })),
    totalDays,
    formula: SUPPLY_DAY_FORMULA,
    rule: SUPPLY_DAY_RULE,
    estimate:
      previousBill && totalDays > 0 ? { amount: estimatedCredit(totalDays, previousBill), note: ESTIMATE_NOTE } : null,
  };
}
