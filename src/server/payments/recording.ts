import { formatAmount, paymentTypeLabel } from '../../shared/payments/schema.ts';
import { formatDateTime } from '../../shared/time/format.ts';
import type { Database } from '../db/index.ts';
import { enqueueMail, OUTBOX_COLUMNS } from '../outbox/outbox.ts';
import type { ClaimedBill } from './claimed-bill.ts';
import type { WebpayTransaction } from './webpay-client.ts';

/**
 * Records an approved payment: the paid bill, the paid debt, the card record (last 4 digits) and
 * the confirmation mail (when the payer gave an e-mail), in one statement whose first step is the
 * claim: the bill changes from `committing` to `paid` only if its debt is still owed, and the
 * other steps read that change. A late browser return, a second reconciliation and a staff check
 * running it for the same bill record and mail once. Answers the card record's id, or undefined
 * when the bill was not recorded (already settled, or its debt paid by another bill).
 */
export async function recordPayment(
  db: Database,
  bill: ClaimedBill,
  tx: WebpayTransaction,
): Promise<string | undefined> {
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
  // Two bills of one service recorded at once both see the debt owed; the second one's subtraction
  // then breaks accounts' CHECK (balance >= 0) and the whole statement fails, recording nothing:
  // that bill stays claimed and the reconciliation refunds it.
  const [row] = await db.query<{ id: string }>(
    `WITH bill AS (
       UPDATE bills SET status = 'paid', paid_at = now(), webpay_error = NULL
       WHERE id = $1 AND status = 'committing'
         AND EXISTS (SELECT 1 FROM accounts WHERE service_number = $2 AND balance >= $3)
       RETURNING id
     ), debt AS (
       UPDATE accounts SET balance = balance - $3, updated_at = now()
       WHERE service_number = $2 AND EXISTS (SELECT 1 FROM bill) RETURNING service_number
     ), receipt AS (
       INSERT INTO outbox (${OUTBOX_COLUMNS}) SELECT $10, $11, $12, $13, $14, $15, $16 FROM bill WHERE $11 <> '' RETURNING id
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
