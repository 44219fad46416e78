import { formatAmount, paymentTypeLabel, type Receipt } from '../../shared/payments/schema.ts';
import { formatDateTime } from '../../shared/time/format.ts';

function receiptRows(receipt: Receipt): { term: string; value: string }[] {
  return [
    { term: 'Número de servicio', value: receipt.service_number },
    { term: 'Monto', value: formatAmount(receipt.amount ?? receipt.price) },
    { term: 'Tipo de pago', value: paymentTypeLabel(receipt.payment_type_code) },
    { term: 'Código de autorización', value: receipt.authorization_code ?? '' },
    ...(receipt.transaction_date ? [{ term: 'Fecha', value: formatDateTime(receipt.transaction_date) }] : []),
    { term: 'Tarjeta', value: `**** **** **** ${receipt.card_number ?? ''}` },
    // Spec §9: the instalment count shows only if above 0.
    ...(receipt.installments_number > 0 ? [{ term: 'Cuotas', value: String(receipt.installments_number) }] : []),
  ];
}

/**
 * /tbk-final/{tbkPaymentId}/{billId} (spec §2): the paid bill's receipt, printable, rendered by the
 * server into the prerendered page (src/filled-pages/payments-receipt.ts) so that it comes with the
 * page's first paint: no island, no request after the page. Without a receipt (/tbk-final itself as
 * built, ids that are no paid bill's payment) it says so.
 */
export default function PaymentReceipt({ receipt }: { receipt?: Receipt }) {
  if (!receipt)
    return (
      // Two paragraphs, each smaller than the page's introduction, which stays the largest paint.
      <div role="alert">
        <p className="form-error">No pudimos cargar el comprobante de este pago.</p>
        <p>Si el pago se realizó, recibirá el comprobante en su correo.</p>
      </div>
    );
  return (
    <div className="receipt">
      <p className="receipt__paid">Tu cuenta está pagada</p>
      <dl className="balance__result">
        {receiptRows(receipt).map(({ term, value }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* Printing needs a script (src/pages/tbk-final.astro), which shows the button: its room is kept until then. */}
      <button type="button" className="button button--secondary no-print receipt__print" data-print>
        Imprimir comprobante
      </button>
    </div>
  );
}
