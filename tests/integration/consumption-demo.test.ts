import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainBill, explainChange } from '../../src/server/consumption/explanation.ts';
import { CAUSES, ConsumptionPeriodSchema, type ConsumptionPeriod } from '../../src/shared/consumption/schema.ts';
import { startTestDatabase } from '../helpers/database.ts';

const demoDir = path.resolve(import.meta.dirname, '../../scripts/demo-data');
const CONSUMPTION_DEMO = '9003_consumption.sql';

let database: Awaited<ReturnType<typeof startTestDatabase>>;
let consumptionDemo: string;

beforeAll(async () => {
  database = await startTestDatabase();
  // The demo data as local mode applies it, in order, after the migrations.
  for (const file of (await readdir(demoDir)).filter((name) => name.endsWith('.sql')).sort())
    await database.db.query(await readFile(path.join(demoDir, file), 'utf8'));
  consumptionDemo = await readFile(path.join(demoDir, CONSUMPTION_DEMO), 'utf8');
});
afterAll(() => database.stop());

/** A service's periods, oldest first, as the database keeps them. */
async function periodsOf(service: string): Promise<ConsumptionPeriod[]> {
  const rows = await database.db.query(
    `SELECT period, read_from::text, read_to::text, reading_from, reading_to, consumption_m3, reading_type,
            overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge, overconsumption_charge,
            subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date::text, doc_url
     FROM consumption_periods WHERE service_number = $1 ORDER BY period`,
    [service],
  );
  return rows.map((row) => ConsumptionPeriodSchema.parse(row));
}

/** The demo's periods as on `today`: its SQL is relative to CURRENT_DATE. */
async function demoOn(today: string) {
  await database.db.query('DELETE FROM consumption_periods');
  await database.db.query(consumptionDemo.replaceAll('CURRENT_DATE', `DATE '${today}'`));
}

const sum = (parts: { amount: number }[]) => parts.reduce((total, part) => total + part.amount, 0);
/** The month before `day`'s: YYYY-MM. */
const monthBefore = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};

/** What the demo promises of a service's history on any day: checked today and in every month. */
function checkHistory(periods: ConsumptionPeriod[], today: string) {
  expect(periods).toHaveLength(24);
  expect(periods.at(-1)!.period).toBe(monthBefore(today));
  const pairs = periods.slice(1).map((to, index) => {
    const from = periods[index]!;
    return explainChange(from, to, { settled: from.reading_type === 'estimada' && to.reading_type === 'real' });
  });
  for (const explanation of pairs) expect(sum(explanation.parts)).toBe(explanation.difference);
  // Every period from the thirteenth on has its month a year earlier kept.
  for (let last = 12; last < periods.length; last++) {
    const { explanation, yearEarlier } = explainBill(periods.slice(0, last + 1));
    expect(yearEarlier!.from).toBe(periods[last - 12]!.period);
    expect(sum(yearEarlier!.parts)).toBe(yearEarlier!.difference);
    expect(sum(explanation!.parts)).toBe(explanation!.difference);
  }
  return pairs;
}

describe("the demo's periods", () => {
  it('give 100001 a holder to look it up by, in Coyhaique, and 100002 none', async () => {
    const rows = await database.db.query<{
      service_number: string;
      holder_rut: string | null;
      locality: string | null;
    }>(
      `SELECT service_number, holder_rut, locality FROM accounts WHERE contact_email LIKE '%@example.com' OR service_number = '100002' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { service_number: '100001', holder_rut: '12345678-5', locality: 'coyhaique' },
      { service_number: '100002', holder_rut: null, locality: null },
    ]);
  });

  it("end last month, add up in every pair, and show every cause in 100001's, today and in any month", async () => {
    const today = (await database.db.query<{ today: string }>('SELECT CURRENT_DATE::text AS today'))[0]!.today;
    const days = [today, ...Array.from({ length: 12 }, (_, month) => `2027-${String(month + 1).padStart(2, '0')}-15`)];
    for (const day of days) {
      if (day !== today) await demoOn(day);
      const pairs = checkHistory(await periodsOf('100001'), day);
      const causes = new Set(pairs.flatMap((explanation) => explanation.parts.map((part) => part.cause)));
      expect([...causes].sort(), day).toEqual([...CAUSES].sort());
      const flat = checkHistory(await periodsOf('100002'), day);
      expect(
        flat.flatMap((explanation) => explanation.parts),
        day,
      ).toEqual([]);
    }
  });

  it("end 100001's history high enough to be warned, a month of an outage credited", async () => {
    for (const day of ['2027-03-15', '2027-04-15', '2027-12-15']) {
      await demoOn(day);
      const periods = await periodsOf('100001');
      const last = periods.at(-1)!;
      const real = periods
        .slice(0, -1)
        .filter((period) => period.reading_type === 'real')
        .slice(-6);
      const average = real.reduce((total, period) => total + period.consumption_m3, 0) / real.length;
      expect(last.consumption_m3, day).toBeGreaterThanOrEqual(2 * average);
      expect(last.consumption_m3, day).toBeGreaterThanOrEqual(average + 10);
      expect(last.compensation, day).toBeGreaterThan(0);
    }
  });
});
