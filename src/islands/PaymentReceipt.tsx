import { useEffect, useState } from 'react';
import {
  BillAnswerSchema,
  formatAmount,
  formatDateTime,
  paymentTypeLabel,
  TbkPaymentAnswerSchema,
  type Bill,
  type TbkPayment,
} from '../shared/billing/schema.ts';
import { callApi } from '../ui/api.ts';

type State = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; payment: TbkPayment; bill: Bill };

type ReceiptFields = Pick<
  TbkPayment,
  'amount' | 'payment_type_code' | 'authorization_code' | 'transaction_date' | 'card_number' | 'installments_number'
> &
  Pick<Bill, 'service_number' | 'price'>;

/** A row of the receipt; `rare` when most payments have none (instalments: credit in instalments only). */
interface Row {
  term: string;
  value: string;
  rare?: boolean;
}

function receiptRows(receipt: ReceiptFields): Row[] {
  return [
    { term: 'Número de servicio', value: receipt.service_number },
    { term: 'Monto', value: formatAmount(receipt.amount ?? receipt.price) },
    { term: 'Tipo de pago', value: paymentTypeLabel(receipt.payment_type_code) },
    { term: 'Código de autorización', value: receipt.authorization_code ?? '' },
    ...(receipt.transaction_date ? [{ term: 'Fecha', value: formatDateTime(receipt.transaction_date) }] : []),
    { term: 'Tarjeta', value: `**** **** **** ${receipt.card_number ?? ''}` },
    ...(receipt.installments_number > 0
      ? [{ term: 'Cuotas', value: String(receipt.installments_number), rare: true }]
      : []),
  ];
}

/**
 * The largest receipt there can be: every row, each value as wide as it gets (a 12-digit service
 * number, the longest payment type, Webpay's 6-character authorization code). The frame keeps its
 * room, so no receipt is taller than the frame the page painted first.
 */
const widestRows = receiptRows({
  service_number: '000000000000',
  price: 999_999_999,
  amount: 999_999_999,
  payment_type_code: 'SI',
  authorization_code: '000000',
  transaction_date: '2026-12-31T23:59:59Z',
  card_number: '0000',
  installments_number: 12,
});

function Details({ rows }: { rows: Row[] }) {
  return (
    <dl className="balance__result">
      {rows.map(({ term, value, rare }) => (
        <div key={term} className={rare ? 'receipt__rare' : undefined}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /tbk-final/{tbkPaymentId}/{billId} (spec §2): the paid bill's receipt, printable.
 *
 * No layout shift: the page's HTML (this island prerendered, loading) already has the receipt's
 * frame, every label with a placeholder for its value, which keeps its room whatever comes: the
 * receipt, the failure or the loading notice are drawn over it, so nothing below moves when they
 * come.
 */
export default function PaymentReceipt() {
  const [view, setView] = useState<State>({ state: 'loading' });

  useEffect(() => {
    const [, , tbkPaymentId, billId] = window.location.pathname.split('/');
    if (!tbkPaymentId || !billId) {
      setView({ state: 'failed' });
      return;
    }
    void Promise.all([
      callApi(`/api/tbk-payments/${tbkPaymentId}`, TbkPaymentAnswerSchema),
      callApi(`/api/bills/${billId}`, BillAnswerSchema),
    ]).then(([payment, bill]) =>
      setView(
        payment.ok && bill.ok && payment.body.tbkPayment.bill_id === bill.body.bill.id
          ? { state: 'ready', payment: payment.body.tbkPayment, bill: bill.body.bill }
          : { state: 'failed' },
      ),
    );
  }, []);

  return (
    <div className="receipt-frame" data-state={view.state}>
      <div className="receipt-frame__placeholder" aria-hidden="true">
        <p className="receipt__paid">&nbsp;</p>
        <Details rows={widestRows} />
        <span className="button button--secondary">&nbsp;</span>
      </div>
      {view.state === 'loading' && <p role="status">Cargando el comprobante…</p>}
      {/* Two paragraphs, each smaller than the page's introduction, which stays the largest paint. */}
      {view.state === 'failed' && (
        <div role="alert">
          <p className="form-error">No pudimos cargar el comprobante de este pago.</p>
          <p>Si el pago se realizó, recibirá el comprobante en su correo.</p>
        </div>
      )}
      {view.state === 'ready' && (
        <div className="receipt">
          <p className="receipt__paid">Tu cuenta está pagada</p>
          <Details rows={receiptRows({ ...view.payment, ...view.bill })} />
          <button type="button" className="button button--secondary no-print" onClick={() => window.print()}>
            Imprimir comprobante
          </button>
        </div>
      )}
    </div>
  );
}
