import { customAlphabet } from 'nanoid';
import {
  billingMessages,
  formatAmount,
  formatDateTime,
  paymentTypeLabel,
  type Balance,
  type Bill,
  type BillRequest,
  type PaymentData,
  type TbkPayment,
} from '../shared/billing.ts';
import type { Database } from './db/index.ts';
import { errorSummary } from './error-summary.ts';
import { isUuid } from './ids.ts';
import { enqueueMail, OUTBOX_COLUMNS } from './mail/outbox.ts';
import { WebpayError, type WebpayClient, type WebpayTransaction } from './webpay/client.ts';

/**
 * Bills and card payments. A customer can never be charged twice nor a payment recorded that did
 * not happen: a return claims its bill in one statement (a repeated return finds it claimed), the
 * debt is checked before Webpay commits the charge, and the approved payment, the paid debt, the
 * card record and the confirmation mail are written by one statement.
 */

const random = customAlphabet('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 20);

export async function lookupBalance(db: Database, serviceNumber: string): Promise<Balance | undefined> {
  const [row] = await db.query<Balance>(
    `SELECT balance AS saldo, install_address, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, doc_url FROM accounts WHERE service_number = $1`,
    [serviceNumber],
  );
  return row;
}

export type CreatedBill = { status: 201; billId: string; paymentData: PaymentData } | { status: 400 | 404 };

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
  if (!account) return { status: 404 };
  if (account.balance <= 0) return { status: 400 };

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
    return {
      status: 201,
      billId: bill!.id,
      paymentData: { success: true, data: { payment_method: 'webpay-plus', tbk_url: url, token } },
    };
  } catch (error) {
    console.error(`webpay: create failed for bill ${bill!.id}: ${errorSummary(error)}`);
    await db.query(`UPDATE bills SET status = 'failed' WHERE id = $1`, [bill!.id]);
    return {
      status: 201,
      billId: bill!.id,
      paymentData: {
        success: false,
        data: { payment_method: 'webpay-plus', errorMessage: billingMessages.webpayUnavailable },
      },
    };
  }
}

export type ReturnScreen =
  { screen: 'final'; tbkPaymentId: string; billId: string } | { screen: 'reject' } | { screen: 'null' };

export interface ReturnParams {
  token_ws?: string | undefined;
  TBK_TOKEN?: string | undefined;
  TBK_ORDEN_COMPRA?: string | undefined;
  TBK_ID_SESION?: string | undefined;
}

/** Webpay's return to the site (spec §4 step 4), by the parameters it brings. */
export async function handleReturn(db: Database, webpay: WebpayClient, params: ReturnParams): Promise<ReturnScreen> {
  const { token_ws: token, TBK_TOKEN: abortedToken, TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId } = params;
  if (token && abortedToken) {
    // An error in Webpay's payment form: nothing to commit.
    await db.query(`UPDATE bills SET status = 'failed' WHERE token = $1 AND status = 'pending'`, [token]);
    return { screen: 'reject' };
  }
  if (abortedToken && buyOrder && sessionId) {
    // The customer cancelled in Webpay.
    await db.query(`UPDATE bills SET status = 'cancelled' WHERE token = $1 AND buy_order = $2 AND status = 'pending'`, [
      abortedToken,
      buyOrder,
    ]);
    return { screen: 'null' };
  }
  if (!token && buyOrder && sessionId) {
    // Webpay's form timed out.
    await db.query(
      `UPDATE bills SET status = 'cancelled' WHERE buy_order = $1 AND session_id = $2 AND status = 'pending'`,
      [buyOrder, sessionId],
    );
    return { screen: 'null' };
  }
  if (token) return commitReturn(db, webpay, token);
  return { screen: 'reject' };
}

interface ClaimedBill {
  id: string;
  service_number: string;
  amount: number;
  email: string;
  buy_order: string;
}

async function commitReturn(db: Database, webpay: WebpayClient, token: string): Promise<ReturnScreen> {
  const [bill] = await db.query<ClaimedBill>(
    `UPDATE bills SET status = 'committing' WHERE token = $1 AND status = 'pending' RETURNING id, service_number, amount, email, buy_order`,
    [token],
  );
  // Already claimed by an earlier or concurrent return: show what that one decided.
  if (!bill) return settledScreen(db, token);

  // A debt already paid (by another bill) is not charged again: Webpay reverses an uncommitted payment.
  const [account] = await db.query<{ balance: number }>('SELECT balance FROM accounts WHERE service_number = $1', [
    bill.service_number,
  ]);
  if (!account || account.balance < bill.amount) {
    await db.query(`UPDATE bills SET status = 'cancelled' WHERE id = $1`, [bill.id]);
    return { screen: 'null' };
  }

  let transaction: WebpayTransaction;
  try {
    transaction = await webpay.commit(token);
  } catch (error) {
    console.error(`webpay: commit failed for bill ${bill.id}: ${errorSummary(error)}`);
    // Webpay refused the commit (an expired token, say): no charge. Any other failure may have
    // lost the answer of a commit that happened: the transaction's status says.
    const refused = error instanceof WebpayError && error.status < 500;
    const status = refused ? undefined : await webpay.status(token).catch(() => undefined);
    if (!status) {
      await db.query(`UPDATE bills SET status = 'failed' WHERE id = $1`, [bill.id]);
      return { screen: 'reject' };
    }
    transaction = status;
  }

  const authorized = transaction.status === 'AUTHORIZED' && transaction.response_code === 0;
  if (authorized && transaction.amount === bill.amount && transaction.buy_order === bill.buy_order) {
    const paid = await recordPayment(db, bill, transaction);
    if (paid) return { screen: 'final', tbkPaymentId: paid, billId: bill.id };
  }
  // Authorized but not what this bill asked for (tampered amount or order), or its debt went away
  // meanwhile: the charge is reversed.
  if (authorized)
    await webpay
      .refund(token, transaction.amount)
      .catch((error) => console.error(`webpay: refund failed for bill ${bill.id}: ${errorSummary(error)}`));
  await db.batch([
    { text: `UPDATE bills SET status = 'rejected' WHERE id = $1`, params: [bill.id] },
    {
      text: `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, transaction_date)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (bill_id) DO NOTHING`,
      params: [
        bill.id,
        transaction.status,
        transaction.response_code ?? null,
        transaction.amount,
        transaction.buy_order,
        transaction.payment_type_code ?? null,
        transaction.transaction_date,
      ],
    },
  ]);
  return { screen: 'reject' };
}

/**
 * The paid debt, the paid bill, the card record and the confirmation mail (when the payer gave an
 * e-mail): one statement.
 */
async function recordPayment(db: Database, bill: ClaimedBill, tx: WebpayTransaction): Promise<string | undefined> {
  const card = (tx.card_detail?.card_number ?? '').replace(/\D/g, '').slice(-4);
  const mail = enqueueMail(
    {
      to: bill.email,
      subject: 'Su pago fue recibido',
      text: [
        'Su cuenta está pagada.',
        '',
        `Número de servicio: ${bill.service_number}`,
        `Monto: ${formatAmount(tx.amount)}`,
        `Tipo de pago: ${paymentTypeLabel(tx.payment_type_code ?? null)}`,
        `Código de autorización: ${tx.authorization_code ?? ''}`,
        `Fecha: ${formatDateTime(tx.transaction_date)}`,
        `Tarjeta terminada en: ${card}`,
        ...(tx.installments_number ? [`Cuotas: ${tx.installments_number}`] : []),
        `Orden de compra: ${tx.buy_order}`,
      ].join('\n'),
    },
    tx.buy_order,
  );
  const [row] = await db.query<{ id: string }>(
    `WITH debt AS (
       UPDATE accounts SET balance = balance - $3, updated_at = now() WHERE service_number = $2 AND balance >= $3 RETURNING service_number
     ), bill AS (
       UPDATE bills SET status = 'paid', paid_at = now() WHERE id = $1 AND status = 'committing' AND EXISTS (SELECT 1 FROM debt) RETURNING id
     ), receipt AS (
       INSERT INTO outbox (${OUTBOX_COLUMNS}) SELECT $10, $11, $12, $13, $14, $15 FROM bill WHERE $11 <> '' RETURNING id
     )
     INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code, transaction_date, card_number, installments_number)
     SELECT bill.id, 'AUTHORIZED', 0, $3, $4, $5, $6, $7, $8, $9 FROM bill RETURNING id`,
    [
      bill.id,
      bill.service_number,
      tx.amount,
      tx.buy_order,
      tx.payment_type_code ?? null,
      tx.authorization_code ?? null,
      tx.transaction_date,
      card,
      tx.installments_number ?? 0,
      ...mail.params!,
    ],
  );
  return row?.id;
}

async function settledScreen(db: Database, token: string): Promise<ReturnScreen> {
  // A concurrent return is still committing: wait for it, a few seconds at most.
  for (let attempt = 0; attempt < 40; attempt++) {
    const [row] = await db.query<{ id: string; status: string; payment_id: string | null }>(
      'SELECT b.id, b.status, t.id AS payment_id FROM bills b LEFT JOIN tbk_payments t ON t.bill_id = b.id WHERE b.token = $1',
      [token],
    );
    if (!row) return { screen: 'reject' };
    if (row.status === 'paid' && row.payment_id)
      return { screen: 'final', tbkPaymentId: row.payment_id, billId: row.id };
    if (row.status === 'cancelled') return { screen: 'null' };
    if (row.status !== 'committing' && row.status !== 'pending') return { screen: 'reject' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { screen: 'reject' };
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
