import { formatAmount } from '../../../shared/payments/schema.ts';
import { formatDateTime } from '../../../shared/time/format.ts';
import { personReasons, webpayOperations, type ManualCase } from '../../../shared/payments/admin/schema.ts';
import { SummaryList } from '../../components/SummaryList.tsx';

interface ManualCaseSummaryProps {
  manual: ManualCase;
  buyOrder: string;
  serviceNumber: string;
  amount: number;
  /** The card record's amount, when Webpay gave one. */
  chargedAmount: number | null;
  createdAt: string;
  transactionDate: string | null;
  refundAttempts: number;
  webpayError: string | null;
}

/**
 * What staff need to settle by hand a bill that requires a person: why, since when,
 * the buy order and token that find the transaction with Transbank, the amounts, the dates and
 * Webpay's last answers as it gave them.
 */
export function ManualCaseSummary(props: ManualCaseSummaryProps) {
  const { manual } = props;
  return (
    <>
      <SummaryList
        rows={[
          ['Motivo', personReasons[manual.reason]],
          ['Requiere gestión desde', formatDateTime(manual.since)],
          ['Orden de compra', props.buyOrder],
          ['Token de Webpay', <code className="manual-case__token">{manual.token ?? '—'}</code>],
          ['Número de servicio', props.serviceNumber],
          ['Monto de la cuenta', formatAmount(props.amount)],
          ['Monto en Webpay', props.chargedAmount === null ? '—' : formatAmount(props.chargedAmount)],
          ['Cuenta creada', formatDateTime(props.createdAt)],
          ['Fecha de la transacción', props.transactionDate ? formatDateTime(props.transactionDate) : '—'],
          ['Intentos de reembolso fallidos', props.refundAttempts],
          ['Última respuesta de Webpay sin resultado', props.webpayError ?? '—'],
        ]}
      />
      <h4>Últimas respuestas de Webpay</h4>
      {manual.answers.length === 0 ? (
        <p>No hay respuestas guardadas.</p>
      ) : (
        <ol className="manual-case__answers">
          {manual.answers.map((entry) => (
            <li key={`${entry.at}-${entry.operation}`}>
              {formatDateTime(entry.at)} · {webpayOperations[entry.operation]}:{' '}
              <code>{JSON.stringify(entry.answer)}</code>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
