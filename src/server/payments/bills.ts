import { customAlphabet } from 'nanoid';
import type { Balance, Bill, BillRequest, Receipt, TbkPayment } from '../../shared/payments/schema.ts';
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
  const buyOrder = `AP${random()}`;
  const sessionId = random();
  const r = request;
  // The debt read and the bill for it in one statement: one round trip before Webpay's.
  const [debt] = await db.query<{ balance: number | null; billId: string | null }>(
    `WITH account AS (SELECT balance FROM accounts WHERE service_number = $1),
     bill AS (
       INSERT INTO bills (service_number, amount, email, billing_type, company, rut, activity, billing_address, billing_commune, billing_city, payment_method, buy_order, session_id)
       SELECT $1, balance, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM account WHERE balance > 0
       RETURNING id)
     SELECT (SELECT balance FROM account) AS balance, (SELECT id FROM bill) AS "billId"`,
    [
      r.serviceNumber,
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
  const { balance, billId } = debt!;
  if (balance === null) return { kind: 'unknown-service' };
  if (billId === null) return { kind: 'no-debt' };
  try {
    const { token, url } = await webpay.create(buyOrder, sessionId, balance, returnUrl);
    await db.query('UPDATE bills SET token = $2 WHERE id = $1', [billId, token]);
    return { kind: 'created', billId, tbkUrl: url, token };
  } catch (error) {
    console.error(`webpay: create failed for bill ${billId}: ${errorSummary(error)}`);
    await db.query(`UPDATE bills SET status = 'failed' WHERE id = $1`, [billId]);
    return { kind: 'webpay-unavailable', billId };
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

/**
 * /tbk-final's receipt (spec §2) in one statement (one round trip): the card payment and
 * its bill read together, and only when the one belongs to the other and the bill is paid (a
 * refunded one keeps its card record).
 */
export const findReceipt = async (db: Database, tbkPaymentId: string, billId: string): Promise<Receipt | undefined> =>
  isUuid(tbkPaymentId) && isUuid(billId)
    ? (
        await db.query<Receipt>(
          `SELECT b.service_number, b.amount AS price, t.amount, t.payment_type_code, t.authorization_code,
                  to_char(t.transaction_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS transaction_date,
                  t.card_number, t.installments_number
           FROM tbk_payments t JOIN bills b ON b.id = t.bill_id
           WHERE t.id = $1 AND b.id = $2 AND b.status = 'paid'`,
          [tbkPaymentId, billId],
        )
      )[0]
    : undefined;
