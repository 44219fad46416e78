import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { confirm, subscribe } from '../../src/server/outage-alerts/subscriptions.ts';
import { startRealPostgres, statusOfCall, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * Alerts of cortes under truly concurrent requests, each on its own session of a
 * real PostgreSQL 17: a stranger's request for an e-mail never unconfirms or changes a confirmed
 * subscription, whether it lands just before, during or after its owner's confirmation.
 */

const ROUNDS = 20;
const STRANGERS = 3;
const ORIGIN = 'http://localhost';

let postgres: RealPostgres;
let owner: Database;
let strangers: Database[];
beforeAll(async () => {
  postgres = await startRealPostgres();
  owner = postgres.connect();
  strangers = Array.from({ length: STRANGERS }, () => postgres.connect());
}, 120_000);
afterAll(() => postgres?.stop());

/** The tokens of the last confirmation mail to `email`. */
async function mailedConfirm(email: string): Promise<string> {
  const [mail] = await postgres.db.query<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
    [email],
  );
  return /\/cortes\/alertas\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
}

const row = async (email: string) =>
  (
    await postgres.db.query<{ towns: string[]; confirmed: boolean; change_towns: string[] | null }>(
      `SELECT towns, confirmed_at IS NOT NULL AS confirmed, change_towns FROM outage_subscriptions WHERE lower(email) = $1`,
      [email],
    )
  )[0]!;

describe('a confirmation racing strangers’ requests for the same e-mail', () => {
  it(`never leaves a confirmed subscription unconfirmed or changed, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `vecina${round}@correo.cl`;
      await subscribe(postgres.db, { email, towns: ['coyhaique'] }, ORIGIN);
      const token = await mailedConfirm(email);
      const [confirmed] = await Promise.all([
        statusOfCall(confirm(owner, token)),
        ...strangers.map((db) => subscribe(db, { email: email.toUpperCase(), towns: ['cochrane'] }, ORIGIN)),
      ]);
      const after = await row(email);
      if (confirmed === 200)
        // Confirmed before the strangers' requests were stored: they wait as its change.
        expect(after).toEqual({ towns: ['coyhaique'], confirmed: true, change_towns: ['cochrane'] });
      // Or a stranger's request came first, while it was unconfirmed: its link then opens nothing.
      else expect([confirmed, after]).toEqual([404, { towns: ['cochrane'], confirmed: false, change_towns: null }]);
    }
  }, 60_000);

  it(`applies the owner's change or none, never unconfirming the subscription, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `vecino${round}@correo.cl`;
      await subscribe(postgres.db, { email, towns: ['coyhaique'] }, ORIGIN);
      await confirm(postgres.db, await mailedConfirm(email));
      await subscribe(postgres.db, { email, towns: ['balmaceda'] }, ORIGIN);
      const change = await mailedConfirm(email);
      const [applied] = await Promise.all([
        statusOfCall(confirm(owner, change)),
        ...strangers.map((db) => subscribe(db, { email, towns: ['cochrane'] }, ORIGIN)),
      ]);
      const after = await row(email);
      expect(after.confirmed).toBe(true);
      // Applied before the strangers' requests (which then wait as the next change), or replaced by them.
      if (applied === 200) expect(after).toEqual({ towns: ['balmaceda'], confirmed: true, change_towns: ['cochrane'] });
      else
        expect([applied, after]).toEqual([404, { towns: ['coyhaique'], confirmed: true, change_towns: ['cochrane'] }]);
    }
  }, 60_000);
});
