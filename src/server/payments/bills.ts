import { customAlphabet } from 'nanoid';
import type { Balance, Bill, BillRequest, TbkPayment } from '../../shared/billing/schema.ts';
import type { Database } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { isUuid } from '../ids.ts';
import type { WebpayClient } from './webpay-client.ts';

/**
 * Bills (spec §3, §7): the debt a service owes, the bill created to pay all of it with Webpay,
 * and what a receipt shows. What happens when Webpay answers is in webpay-return.ts and
 * settlement.ts; bills whose outcome is unknown are settled by reconcile.ts.
 */

const random = customAlphabet('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 20);

export async function lookupBalance(db: Database, serviceNumber: string): Promise<Balance | undefined> {
  const [row] = await db.query<Balance>(
    `SELECT balance AS saldo, install_address, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, doc_url FROM accounts WHERE service_number = $1`,
    [serviceNumber],
  );
  return row;
}

/** What creating a bill came to; the function answers each with its status (spec §7, §8). */
export type CreatedBill =
  | { kind: 'created'; billId: string; tbkUrl: string; token: string }
  /** The bill is stored (failed) but Webpay did not start the transaction. */
  | { kind: 'webpay-unavailable'; billId: string }
  | { kind: 'no-debt' }
  | { kind: 'unknown-service' };

/** POST /api/bills/new: a bill for the whole debt read here, never an amount from the browser. */
export async function createBill(
  db: Database,
  webpay: WebpayClient,
  request: BillRequest,
  returnUrl: string,
): Promise<CreatedBill> {
  const [account] = await db.query<{ balance: number }>('SELECT balance FROM accounts WHERE service_number = $1', [
    request.serviceNumber,
  ]);
  if (!account) return { kind: 'unknown-service' };
  if (account.balance <= 0) return { kind: 'no-debt' };

  const buyOrder = `AP${random()}`;
  const sessionId = random();
  const r = request;
  const [bill] = await db.query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, company, rut, activity, billing_address, billing_commune, billing_city, payment_method, buy_order, session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      r.serviceNumber,
      account.balance,
      r.email,
      r.billingType,
      r.company,
      r.rut,
      r.activity,
      r.billingAddress,
      r.billingCommune,
      r.billingCity,
      r.paymentOption,
      buyOrder,
      sessionId,
    ],
  );
  try {
    const { token, url } = await webpay.create(buyOrder, sessionId, account.balance, returnUrl);
    await db.query('UPDATE bills SET token = $2 WHERE id = $1', [bill!.id, token]);
    return { kind: 'created', billId: bill!.id, tbkUrl: url, token };
  } catch (error) {
    console.error(`webpay: create failed for bill ${bill!.id}: ${errorSummary(error)}`);
    await db.query(`UPDATE bills SET status = 'failed' WHERE id = $1`, [bill!.id]);
    return { kind: 'webpay-unavailable', billId: bill!.id };
  }
}

export const findTbkPayment = async (db: Database, id: string): Promise<TbkPayment | undefined> =>
  isUuid(id)
    ? (
        await db.query<TbkPayment>(
          `SELECT id, bill_id, status, amount, payment_type_code, authorization_code, to_char(transaction_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS transaction_date, card_number, installments_number
         FROM tbk_payments WHERE id = $1`,
          [id],
        )
      )[0]
    : undefined;

export const findBill = async (db: Database, id: string): Promise<Bill | undefined> =>
  isUuid(id)
    ? (
        await db.query<Bill>(
          `SELECT id, service_number, amount AS price, status, to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at FROM bills WHERE id = $1`,
          [id],
        )
      )[0]
    : undefined;
