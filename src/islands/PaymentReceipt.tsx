import { useEffect, useState } from 'react';
import {
  BillAnswerSchema,
  formatAmount,
  formatDateTime,
  paymentTypeLabel,
  TbkPaymentAnswerSchema,
  type Bill,
  type TbkPayment,
} from '../shared/billing.ts';
import { callApi } from './api.ts';

type State = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; payment: TbkPayment; bill: Bill };

/** /tbk-final/{tbkPaymentId}/{billId} (spec §2): the paid bill's receipt, printable. */
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
          <dd>{formatAmount(payment.amount ?? bill.price)}</dd>
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
