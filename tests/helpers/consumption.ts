import type { Database } from '../../src/server/db/index.ts';
import { READING_COLUMNS } from '../../src/shared/consumption/readings-import.ts';
import { billTotal, type ConsumptionPeriod, type ReadingType } from '../../src/shared/consumption/schema.ts';
import { addDays, addMonths } from '../../src/shared/time/days.ts';

/**
 * Mi consumo's periods for tests: October 2026, 10 m³ at $800 the m³ and a fixed charge of $1.000,
 * or another bill made of it by `changes`, whose total is always its charges' sum.
 */
export function consumptionPeriod(changes: Partial<ConsumptionPeriod> = {}): ConsumptionPeriod {
  const period: ConsumptionPeriod = {
    period: '2026-10',
    read_from: '2026-09-16',
    read_to: '2026-10-15',
    reading_from: 1000,
    reading_to: 1010,
    consumption_m3: 10,
    reading_type: 'real',
    overconsumption_m3: 0,
    fixed_charge: 1000,
    water_charge: 5000,
    sewer_charge: 2000,
    treatment_charge: 1000,
    overconsumption_charge: 0,
    subsidy_amount: 0,
    agreement_instalment: 0,
    other_charges: 0,
    compensation: 0,
    total: 0,
    due_date: '2026-11-05',
    doc_url: null,
    ...changes,
  };
  return { ...period, total: billTotal(period) };
}

/** `count` monthly periods ending with `last` (YYYY-MM), oldest first, each `changes(index)` of the October bill. */
export function monthlyPeriods(
  count: number,
  last: string,
  changes: (index: number) => Partial<ConsumptionPeriod> = () => ({}),
): ConsumptionPeriod[] {
  return Array.from({ length: count }, (_, index) => {
    const month = addMonths(`${last}-01`, index - count + 1).slice(0, 7);
    const readTo = `${month}-15`;
    return consumptionPeriod({
      period: month,
      read_from: addDays(addMonths(readTo, -1), 1),
      read_to: readTo,
      due_date: addDays(readTo, 21),
      ...changes(index),
    });
  });
}

// The export's columns but the service number, which each statement gives as $1.
const periodColumns = [
  ...READING_COLUMNS.filter(
    (column): column is Exclude<typeof column, 'service_number'> => column !== 'service_number',
  ),
  'doc_url',
] as const;

/** The statements that write the periods of `serviceNumber`, whose account must exist. */
const periodStatements = (serviceNumber: string, periods: ConsumptionPeriod[]) =>
  periods.map((period) => ({
    text: `INSERT INTO consumption_periods (service_number, ${periodColumns.join(', ')})
           VALUES ($1, ${periodColumns.map((_, index) => `$${index + 2}`).join(', ')})`,
    params: [serviceNumber, ...periodColumns.map((column) => period[column])],
  }));

/** Writes the periods of `serviceNumber`, whose account must exist. */
export async function insertPeriods(db: Database, serviceNumber: string, periods: ConsumptionPeriod[]): Promise<void> {
  await db.batch(periodStatements(serviceNumber, periods));
}

/** A reading of a test history: its m³, `real` unless said. */
export type Reading = number | [m3: number, type: ReadingType];

/** The month `offset` months after 2025-01, as YYYY-MM. */
export const periodAt = (offset: number): string => addMonths('2025-01-01', offset).slice(0, 7);

/**
 * An account with `email` as its contact, and its periods from 2025-01 on, one a month, as the
 * readings import would have written them (the m³ and the reading's type as said, the October
 * bill's charges otherwise). Answers the periods, oldest first.
 */
export async function serviceWithHistory(
  db: Database,
  serviceNumber: string,
  readings: Reading[],
  email: string | null = `titular${serviceNumber}@correo.cl`,
): Promise<string[]> {
  const periods = readings.map((reading, index) => {
    const [m3, type] = typeof reading === 'number' ? [reading, 'real' as const] : reading;
    const period = periodAt(index);
    return consumptionPeriod({
      period,
      read_from: `${period}-01`,
      read_to: `${period}-28`,
      due_date: `${period}-28`,
      reading_from: 0,
      reading_to: m3,
      consumption_m3: m3,
      reading_type: type,
    });
  });
  await db.batch([
    {
      text: `INSERT INTO accounts (service_number, balance, install_address, contact_email) VALUES ($1, 0, 'Prat 450', $2)`,
      params: [serviceNumber, email],
    },
    ...periodStatements(serviceNumber, periods),
  ]);
  return periods.map(({ period }) => period);
}
