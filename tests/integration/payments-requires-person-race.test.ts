import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import type { Database } from '../../src/server/db/database.ts';
import { settleByHand } from '../../src/server/payments/admin-settle.ts';
import { reconcileBill } from '../../src/server/payments/reconcile.ts';
import { WebpayError, type WebpayClient } from '../../src/server/payments/webpay-client.ts';
import { handleReturn } from '../../src/server/payments/webpay-return.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The transitions to a person's settlement under real concurrency (PostgreSQL 17, one session per competitor):
 * the moves to `requires_person` and the settlement by hand are conditional single statements,
 * so of two processes acting on one bill at once exactly one changes it.
 */

const ROUNDS = 20;
let postgres: RealPostgres;
let admin: SignedInAdmin;
beforeAll(async () => {
  postgres = await startRealPostgres();
  const [row] = await postgres.db.query<{ id: string }>(
    `INSERT INTO admins (name, email, password_hash) VALUES ('Ana Pagos', 'ana.pagos@example.com', 'x') RETURNING id`,
  );
  admin = { id: row!.id, email: 'ana.pagos@example.com', roles: ['administrador'] };
  await postgres.db.query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('200002', 0, 'Prat 1, Coyhaique')`,
  );
}, 120_000);
afterAll(() => postgres?.stop());

/** Webpay that answers nothing clear about any transaction, and refuses every refund (NULLIFIED −1). */
const silentWebpay = {
  create: () => Promise.reject(new Error('not used')),
  commit: () => Promise.reject(new WebpayError(503, 'Service unavailable')),
  status: () => Promise.reject(new WebpayError(503, 'Service unavailable')),
  refund: () => Promise.resolve({ type: 'NULLIFIED', response_code: -1 }),
} as unknown as WebpayClient;

async function bill(round: number, columns: string, values: string): Promise<{ id: string; token: string }> {
  const order = `APR${Date.now()}${round}`.slice(0, 26);
  const [row] = await postgres.db.query<{ id: string; token: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token${columns})
     VALUES ('200002', 5000, '', 'boleta', 'webpay-plus', $1, $1, 'T' || $1${values}) RETURNING id, token`,
    [order],
  );
  return row!;
}

const statusOf = async (db: Database, id: string) =>
  (
    await db.query<{ status: string; person_reason: string | null }>(
      'SELECT status, person_reason FROM bills WHERE id = $1',
      [id],
    )
  )[0]!;

describe('bills that require a person, raced', () => {
  it('two staff settling one bill at once: one settles it, the other is told it is settled; one audit row', async () => {
    const [first, second] = [postgres.connect(), postgres.connect()];
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await bill(
        round,
        ', status, person_reason, person_since',
        `, 'requires_person', 'unknown-outcome', now()`,
      );
      const outcomes = await Promise.all([
        settleByHand(first, admin, id, { settlement: 'no-charge', note: 'Primera' }),
        settleByHand(second, admin, id, { settlement: 'payment-confirmed', note: 'Segunda' }),
      ]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['not-requiring-person', 'settled']);
      expect(outcomes.find((outcome) => outcome.kind === 'not-requiring-person')).toEqual({
        kind: 'not-requiring-person',
        alreadySettled: true,
      });
      const audit = await postgres.db.query('SELECT 1 FROM audit_log WHERE entity_id = $1', [id]);
      expect(audit).toHaveLength(1);
    }
  });

  it('a late return and the reconciliation past the 7-day window: the bill ends requiring a person, the customer sees the rejection', async () => {
    const [returning, reconciling] = [postgres.connect(), postgres.connect()];
    for (let round = 0; round < ROUNDS; round++) {
      const { id, token } = await bill(round, ', created_at', `, now() - interval '8 days'`);
      const [screen, reconciliation] = await Promise.all([
        handleReturn(returning, silentWebpay, { token_ws: token }),
        reconcileBill(reconciling, silentWebpay, id),
      ]);
      expect(screen).toEqual({ screen: 'reject' });
      expect(['requires-person', 'busy', 'settled']).toContain(reconciliation.kind);
      expect(await statusOf(postgres.db, id)).toEqual({ status: 'requires_person', person_reason: 'unknown-outcome' });
    }
  });

  it('the reconciliation and "Verificar estado en Webpay" retrying a refund past 90 days: it ends requiring a person, no error', async () => {
    const [scheduled, staff] = [postgres.connect(), postgres.connect()];
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await bill(round, ', status, next_refund_at', `, 'refund_pending', now()`);
      await postgres.db.query(
        `INSERT INTO tbk_payments (bill_id, status, response_code, amount, transaction_date)
         VALUES ($1, 'AUTHORIZED', 0, 5000, now() - interval '91 days')`,
        [id],
      );
      const outcomes = await Promise.all([
        reconcileBill(scheduled, silentWebpay, id),
        reconcileBill(staff, silentWebpay, id, { force: true }),
      ]);
      expect(outcomes.map((outcome) => outcome.kind)).toContain('requires-person');
      expect(await statusOf(postgres.db, id)).toEqual({ status: 'requires_person', person_reason: 'refund-expired' });
    }
  });
});
