import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { followUp } from '../../src/server/cases/follow-up.ts';
import { openByReceipt } from '../../src/server/denuncias/follow-up.ts';
import { FOLLOW_UP_THROTTLE, RECEIPT_THROTTLE } from '../../src/server/throttle/uses.ts';
import type { Database } from '../../src/server/db/database.ts';
import { receiptHash } from '../../src/server/denuncias/receipt.ts';
import { startRealPostgres, statusOfCall, type RealPostgres } from '../helpers/real-postgres.ts';

// The slow hash stands here as a pause that matches nothing: 200 scrypt runs would take minutes on
// a shared machine, and what races is the count around it, not the hash.
vi.mock('../../src/server/denuncias/receipt.ts', async (original) => ({
  ...(await original<typeof import('../../src/server/denuncias/receipt.ts')>()),
  receiptHash: vi.fn(async () => {
    await sleep(50);
    return 'no-denuncia-has-this-hash';
  }),
}));

/**
 * The throttles of /denuncias/seguimiento and /seguimiento under truly concurrent
 * wrong lookups of one client, each on its own session of a real PostgreSQL 17: the count is
 * claimed by one statement per attempt, so however the attempts interleave no more than the free
 * ones are checked before the client waits; /seguimiento's right lookups among them (the
 * lookup is a CTE of that statement, which counts only a failed one) never count, so all answer.
 */

const ROUNDS = 20;
const COMPETITORS = 10;

let postgres: RealPostgres;
let sessions: Database[];
beforeAll(async () => {
  process.env.DENUNCIAS_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  process.env.JWT_SECRET = randomBytes(32).toString('base64');
  postgres = await startRealPostgres();
  sessions = Array.from({ length: COMPETITORS }, () => postgres.connect());
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  delete process.env.DENUNCIAS_ENCRYPTION_KEY;
  delete process.env.JWT_SECRET;
});

/** Each session's lookup from one client at once; answers the statuses, sorted. */
async function race(lookup: (db: Database, attempt: number) => Promise<unknown>): Promise<number[]> {
  const outcomes = await Promise.all(sessions.map((db, attempt) => statusOfCall(lookup(db, attempt))));
  return outcomes.sort();
}

const expected = (free: number) => [...Array<number>(free).fill(404), ...Array<number>(COMPETITORS - free).fill(429)];

describe('concurrent wrong lookups of one client, each on its own session', () => {
  it(`receipt codes: exactly ${RECEIPT_THROTTLE.free} are checked (hashed), the rest wait, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh IPv6 /64 each round; every competitor uses its own address in it.
      const statuses = await race((db, attempt) =>
        openByReceipt(db, String(round * 100 + attempt).padStart(16, '9'), `2001:db8:${round}:1::${attempt + 1}`),
      );
      expect(statuses).toEqual(expected(RECEIPT_THROTTLE.free));
    }
    expect(receiptHash).toHaveBeenCalledTimes(ROUNDS * RECEIPT_THROTTLE.free);
    const rows = await postgres.db.query<{ failures: number }>('SELECT failures FROM receipt_failures');
    expect(rows).toEqual(Array(ROUNDS).fill({ failures: RECEIPT_THROTTLE.free }));
  }, 60_000);

  it(`/seguimiento: exactly ${FOLLOW_UP_THROTTLE.free} lookups are made, the rest wait, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const statuses = await race((db, attempt) =>
        followUp(db, { reference: 'REC-AAAAAAAA', email: `intento${attempt}@correo.cl` }, `198.51.100.${round + 1}`),
      );
      expect(statuses).toEqual(expected(FOLLOW_UP_THROTTLE.free));
    }
    const rows = await postgres.db.query<{ failures: number }>('SELECT failures FROM follow_up_failures');
    expect(rows).toEqual(Array(ROUNDS).fill({ failures: FOLLOW_UP_THROTTLE.free }));
  }, 60_000);

  it(`/seguimiento: amid ${FOLLOW_UP_THROTTLE.free - 1} concurrent wrong pairs, every right one answers; only the wrong ones count`, async () => {
    await postgres.db.query('DELETE FROM follow_up_failures');
    await postgres.db.query(
      `INSERT INTO cases (kind, reference, citizen_name, citizen_email) VALUES ('mensaje', 'REC-BBBBBBBB', 'Ana', 'ana@correo.cl')`,
    );
    const wrong = FOLLOW_UP_THROTTLE.free - 1;
    // More lookups at once than the free failures: a claim that counted the right ones too until
    // their refund would refuse some of them.
    const statuses = await race((db, attempt) =>
      followUp(
        db,
        { reference: 'REC-BBBBBBBB', email: attempt < wrong ? `intento${attempt}@correo.cl` : 'ana@correo.cl' },
        '198.51.100.200',
      ),
    );
    expect(statuses).toEqual([...Array<number>(COMPETITORS - wrong).fill(200), ...Array<number>(wrong).fill(404)]);
    expect(await postgres.db.query('SELECT failures FROM follow_up_failures')).toEqual([{ failures: wrong }]);
  }, 60_000);
});
