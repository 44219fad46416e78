import { useEffect, useState } from 'react';
import {
  BillSchema,
  formatAmount,
  formatDateTime,
  paymentTypeLabel,
  TbkPaymentSchema,
  type Bill,
  type TbkPayment,
} from '../shared/billing.ts';

type State = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; payment: TbkPayment; bill: Bill };

async function load(url: string) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  return response.ok ? response.json() : null;
}

/** /tbk-final/{tbkPaymentId}/{billId} (spec §2): the paid bill's receipt, printable. */
export default function PaymentReceipt() {
  const [view, setView] = useState<State>({ state: 'loading' });

  useEffect(() => {
    const [, , tbkPaymentId, billId] = window.location.pathname.split('/');
    if (!tbkPaymentId || !billId) {
      setView({ state: 'failed' });
      return;
    }
    Promise.all([load(`/api/tbk-payments/${tbkPaymentId}`), load(`/api/bills/${billId}`)])
      .then(([paymentBody, billBody]) => {
        const payment = TbkPaymentSchema.safeParse(paymentBody?.tbkPayment);
        const bill = BillSchema.safeParse(billBody?.bill);
        setView(
          payment.success && bill.success && payment.data.bill_id === bill.data.id
            ? { state: 'ready', payment: payment.data, bill: bill.data }
            : { state: 'failed' },
        );
      })
      .catch(() => setView({ state: 'failed' }));
  }, []);

  if (view.state === 'loading') return <p role="status">Cargando el comprobante…</p>;
  if (view.state === 'failed')
    return (
      <p className="form-error" role="alert">
        No pudimos cargar el comprobante de este pago. Si el pago se realizó, recibirá el comprobante en su correo.
      </p>
    );
  const { payment, bill } = view;
  return (
    <div className="receipt">
      <p className="receipt__paid">Tu cuenta está pagada</p>
      <dl className="balance__result">
        <div>
          <dt>Número de servicio</dt>
          <dd>{bill.service_number}</dd>
        </div>
        <div>
          <dt>Monto</dt>
          <dd>{formatAmount(payment.amount ?? bill.amount)}</dd>
        </div>
        <div>
          <dt>Tipo de pago</dt>
          <dd>{paymentTypeLabel(payment.payment_type_code)}</dd>
        </div>
        <div>
          <dt>Código de autorización</dt>
          <dd>{payment.authorization_code}</dd>
        </div>
        {payment.transaction_date && (
          <div>
            <dt>Fecha</dt>
            <dd>{formatDateTime(payment.transaction_date)}</dd>
          </div>
        )}
        <div>
          <dt>Tarjeta</dt>
          <dd>**** **** **** {payment.card_number}</dd>
        </div>
        {payment.installments_number > 0 && (
          <div>
            <dt>Cuotas</dt>
            <dd>{payment.installments_number}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="button button--secondary no-print" onClick={() => window.print()}>
        Imprimir comprobante
      </button>
    </div>
  );
}
