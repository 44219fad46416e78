import type { Database } from '../../src/server/db/database.ts';
import type { ReadingType } from '../../src/shared/consumption/schema.ts';

/** A reading of a test history: its m³, `real` unless said. */
export type Reading = number | [m3: number, type: ReadingType];

/** The month `offset` months after 2025-01, as YYYY-MM. */
export const periodAt = (offset: number): string => {
  const month = new Date(Date.UTC(2025, offset, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * An account with `email` as its contact, and its periods from 2025-01 on, one a month, as the
 * readings import would have written them (no charges: only the m³ and the reading's type
 * matter here). Answers the periods, oldest first.
 */
export async function serviceWithHistory(
  db: Database,
  serviceNumber: string,
  readings: Reading[],
  email: string | null = `titular${serviceNumber}@correo.cl`,
): Promise<string[]> {
  const periods = readings.map((_reading, index) => periodAt(index));
  await db.batch([
    {
      text: `INSERT INTO accounts (service_number, balance, install_address, contact_email) VALUES ($1, 0, 'Prat 450', $2)`,
      params: [serviceNumber, email],
    },
    ...readings.map((reading, index) => {
      const [m3, type] = typeof reading === 'number' ? [reading, 'real'] : reading;
      return {
        text: `INSERT INTO consumption_periods (service_number, period, read_from, read_to, reading_from, reading_to,
                 consumption_m3, reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge,
                 treatment_charge, overconsumption_charge, subsidy_amount, agreement_instalment, other_charges,
                 compensation, total, due_date)
               VALUES ($1, $2, ($2 || '-01')::date, ($2 || '-28')::date, 0, $3, $3, $4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                 ($2 || '-28')::date)`,
        params: [serviceNumber, periods[index], m3, type],
      };
    }),
  ]);
  return periods;
}
