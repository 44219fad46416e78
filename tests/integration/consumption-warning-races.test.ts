import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warnHighConsumption, type WrittenPeriod } from '../../src/server/consumption/warnings.ts';
import type { Database } from '../../src/server/db/database.ts';
import { serviceWithHistory } from '../helpers/consumption.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The warning before a high bill under imports that run at once, each on its own session of a
 * real PostgreSQL 17: both find the same period over the threshold before either writes, and
 * still one warning and one mail come of it.
 */

const ROUNDS = 20;
const IMPORTS = 3;
const ORIGIN = 'http://localhost';

let postgres: RealPostgres;
let imports: Database[];
beforeAll(async () => {
  postgres = await startRealPostgres();
  imports = Array.from({ length: IMPORTS }, () => postgres.connect());
}, 120_000);
afterAll(() => postgres?.stop());

describe('imports warning the same periods at once', () => {
  it(`write one warning and one mail per service and period, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const written: WrittenPeriod[] = [];
      for (const service of [`3${round}01`, `3${round}02`]) {
        const periods = await serviceWithHistory(postgres.db, service, [10, 10, 10, 10, 10, 10, 40]);
        written.push({ service_number: service, period: periods.at(-1)! });
      }
      const outcomes = await Promise.all(imports.map((db) => warnHighConsumption(db, written, ORIGIN)));
      // Every period warned by exactly one of them, whichever won each.
      expect(outcomes.reduce((sum, { warned }) => sum + warned, 0)).toBe(2);
      expect(outcomes.reduce((sum, { mailed }) => sum + mailed, 0)).toBe(2);
      const rows = await postgres.db.query<{ service_number: string; mails: number }>(
        `SELECT w.service_number,
           (SELECT count(*) FROM outbox o WHERE o.reference = 'CSM-' || w.service_number || '-' || w.period)::int AS mails
         FROM consumption_warnings w WHERE w.service_number = ANY($1) ORDER BY 1`,
        [written.map(({ service_number }) => service_number)],
      );
      expect(rows).toEqual(written.map(({ service_number }) => ({ service_number, mails: 1 })));
    }
  }, 60_000);
});
