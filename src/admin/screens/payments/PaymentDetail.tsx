import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { formatAmount, paymentTypeLabel } from '../../../shared/payments/schema.ts';
import { formatDateTime } from '../../../shared/time/format.ts';
import { billStatuses, manualSettlements, PaymentDetailSchema } from '../../../shared/payments/admin/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { SummaryList } from '../../components/SummaryList.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { ManualCaseSummary } from './ManualCaseSummary.tsx';
import { ManualSettlementForm } from './ManualSettlementForm.tsx';
import { paymentDetailKey, PaymentVerification } from './PaymentVerification.tsx';

const dash = (value: string | null | undefined) => value || '—';

/** /admin/pagos/{billId}/detalle: the bill, "Verificar estado en Webpay" and its card payment record. */
export default function PaymentDetail() {
  const { billId = '' } = useParams();
  const location = useLocation();
  const back = `/admin/pagos${(location.state as { search?: string } | null)?.search ?? ''}`;
  const detail = useQuery({
    queryKey: paymentDetailKey(billId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/payments/${encodeURIComponent(billId)}`, PaymentDetailSchema, { signal }),
  });
  return (
    <>
      <PageTitle>Detalle del pago</PageTitle>
      <QueryView query={detail}>
        {({ bill, manual, tbkPayment }) => (
          <>
            <section aria-labelledby="boleta">
              <h2 id="boleta">Cuenta</h2>
              <SummaryList
                rows={[
                  ['Número de servicio', bill.service_number],
                  ['Monto', formatAmount(bill.amount)],
                  ['Estado', `${billStatuses[bill.status]}${bill.needs_attention ? ' (requiere atención)' : ''}`],
                  ['Creada', formatDateTime(bill.created_at)],
                  ['Pagada', bill.paid_at ? formatDateTime(bill.paid_at) : '—'],
                  ['Orden de compra', bill.buy_order],
                  ['Correo electrónico', bill.email],
                  ['Documento', bill.billing_type === 'factura' ? 'Factura' : 'Boleta'],
                  ...(bill.billing_type === 'factura'
                    ? ([
                        ['Razón social', dash(bill.company)],
                        ['RUT', dash(bill.rut)],
                        ['Giro', dash(bill.activity)],
                        [
                          'Dirección de facturación',
                          [bill.billing_address, bill.billing_commune, bill.billing_city].filter(Boolean).join(', ') ||
                            '—',
                        ],
                      ] as [string, string][])
                    : []),
                  ...(bill.refund_attempts > 0
                    ? ([['Intentos de reembolso fallidos', bill.refund_attempts]] as [string, number][])
                    : []),
                  ...(bill.webpay_error
                    ? ([['Última respuesta de Webpay sin resultado', bill.webpay_error]] as [string, string][])
                    : []),
                ]}
              />
            </section>
            {manual ? (
              // Handed to a person: no verification settles it any more; staff do.
              <section aria-labelledby="gestion-manual">
                <h2 id="gestion-manual">Gestión manual</h2>
                <ManualCaseSummary
                  manual={manual}
                  buyOrder={bill.buy_order}
                  serviceNumber={bill.service_number}
                  amount={bill.amount}
                  chargedAmount={tbkPayment?.amount ?? null}
                  createdAt={bill.created_at}
                  transactionDate={tbkPayment?.transaction_date ?? null}
                  refundAttempts={bill.refund_attempts}
                  webpayError={bill.webpay_error}
                />
                {manual.settlement ? (
                  <>
                    <h3>Resolución registrada</h3>
                    <SummaryList
                      rows={[
                        ['Resolución', manualSettlements[manual.settlement.kind]],
                        ['Nota', manual.settlement.note],
                        ['Registrada por', manual.settlement.by],
                        ['Fecha', formatDateTime(manual.settlement.at)],
                      ]}
                    />
                  </>
                ) : (
                  <ManualSettlementForm billId={bill.id} />
                )}
              </section>
            ) : (
              <PaymentVerification billId={bill.id} needsAttention={bill.needs_attention} />
            )}
            <section aria-labelledby="webpay">
              <h2 id="webpay">Registro de Webpay</h2>
              {tbkPayment ? (
                <SummaryList
                  rows={[
                    [
                      'Fecha de la transacción',
                      tbkPayment.transaction_date ? formatDateTime(tbkPayment.transaction_date) : '—',
                    ],
                    ['Monto', tbkPayment.amount === null ? '—' : formatAmount(tbkPayment.amount)],
                    ['Código de autorización', dash(tbkPayment.authorization_code)],
                    ['Tarjeta', tbkPayment.card_number ? `**** ${tbkPayment.card_number}` : '—'],
                    [
                      'Tipo de pago',
                      tbkPayment.payment_type_code ? paymentTypeLabel(tbkPayment.payment_type_code) : '—',
                    ],
                    // Spec §9: the instalment count shows only if above 0.
                    ...(tbkPayment.installments_number > 0
                      ? ([['Cuotas', tbkPayment.installments_number]] as [string, number][])
                      : []),
                    ['Código de respuesta', tbkPayment.response_code ?? '—'],
                    // AUTHORIZED, FAILED, or REVERSED / NULLIFIED once refunded.
                    ['Estado en Webpay', tbkPayment.status],
                  ]}
                />
              ) : (
                <p>Webpay aún no ha respondido por esta cuenta: no hay registro de pago con tarjeta.</p>
              )}
            </section>
          </>
        )}
      </QueryView>
      <p>
        <Link to={back}>Volver a Pagos Webpay</Link>
      </p>
    </>
  );
}
