import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import type { Database } from '../../src/server/db/database.ts';
import { Refusal } from '../../src/server/errors.ts';
import { extendRightsRequest } from '../../src/server/rights/actions.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { rightsMessages } from '../../src/shared/rights/texts.ts';
import { signedInAdmin, TEST_JWT_SECRET } from '../helpers/admin.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The one extension of a rights request (Ley 21.719) under truly concurrent requests, each on its
 * own session of a real PostgreSQL 17: two staff extending at once extend it once. One wins, the
 * other is refused, and the deadline, the mail, the note and the audit row happen once.
 */

const ROUNDS = 20;
const ORIGIN = 'https://www.example.cl';
// Friday 27 November 2026: due Monday 21 December; once extended, Wednesday 13 January 2027.
const FRIDAY = new Date('2026-11-27T15:00:00Z');

let postgres: RealPostgres;
let competitors: Database[];
let ana: SignedInAdmin;
let luis: SignedInAdmin;
beforeAll(async () => {
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  postgres = await startRealPostgres();
  competitors = [postgres.connect(), postgres.connect()];
  ana = await signedInAdmin(postgres.db, 'Ana Admin', 'ana@example.com');
  luis = await signedInAdmin(postgres.db, 'Luis Soto', 'luis@example.com');
}, 120_000);
afterAll(() => postgres?.stop());

const outcome = (done: Promise<unknown>) =>
  done.then(
    () => 'extended',
    (error: unknown) => (error instanceof Refusal ? error.message : String(error)),
  );

describe('two extensions of one request at once', () => {
  it(`extend it once: exactly one wins and the deadline moves once, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { reference } = await submitRightsRequest(
        postgres.db,
        RightsRequestSchema.parse({
          type: 'acceso',
          name: 'Rosa Vera',
          email: `rosa${round}@correo.cl`,
          details: 'Quiero saber qué datos tienen.',
        }),
        { at: FRIDAY, origin: ORIGIN },
      );
      const [{ caseId, id }] = (await postgres.db.query<{ caseId: string; id: string }>(
        `SELECT c.id::text AS "caseId", r.id::text AS id FROM cases c JOIN rights_requests r USING (reference)
         WHERE reference = $1`,
        [reference],
      )) as [{ caseId: string; id: string }];

      const outcomes = await Promise.all([
        outcome(extendRightsRequest(competitors[0]!, ana, caseId, 'Revisamos archivos en papel.', ORIGIN)),
        outcome(extendRightsRequest(competitors[1]!, luis, caseId, 'Consultamos al área comercial.', ORIGIN)),
      ]);

      expect(outcomes.toSorted()).toEqual(['extended', rightsMessages.alreadyExtended].toSorted());
      const [state] = await postgres.db.query<{ due: string; mails: number; notes: number; audits: number }>(
        `SELECT to_char(c.due_on, 'YYYY-MM-DD') AS due,
           (SELECT count(*)::int FROM outbox o WHERE o.reference = c.reference AND o.subject LIKE '%ampliamos%') AS mails,
           (SELECT count(*)::int FROM case_entries e WHERE e.case_id = c.id) AS notes,
           (SELECT count(*)::int FROM audit_log a WHERE a.action = 'extend' AND a.entity_id = $2) AS audits
         FROM cases c WHERE c.id = $1`,
        [caseId, id],
      );
      expect(state).toEqual({ due: '2027-01-13', mails: 1, notes: 1, audits: 1 });
    }
  });
});
