import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentVerificationSchema } from '../../../shared/payments/admin/schema.ts';
import { apiRequest, failureMessage } from '../../api-client.ts';

/** The query of a bill's detail, which the verification replaces with the bill as it left it. */
export const paymentDetailKey = (billId: string) => ['payments', 'detail', billId];

/**
 * "Verificar estado en Webpay": runs this bill's reconciliation now and says what it
 * came to; the scheduled one runs every minute anyway.
 */
export function PaymentVerification({ billId, needsAttention }: { billId: string; needsAttention: boolean }) {
  const queryClient = useQueryClient();
  const verification = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/payments/${encodeURIComponent(billId)}/verify`, PaymentVerificationSchema, {
        method: 'POST',
      }),
    onSuccess: async ({ payment }) => {
      queryClient.setQueryData(paymentDetailKey(billId), payment);
      // The lists and the audit log, which records the verification, are read again when shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['payments'], predicate: (query) => query.queryKey[1] !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
    },
  });

  return (
    <section aria-labelledby="verificar">
      <h2 id="verificar">Verificar estado en Webpay</h2>
      <p>
        {needsAttention
          ? 'El resultado de este pago aún no se conoce o su reembolso está pendiente. La verificación automática corre cada minuto; también puede pedirla ahora.'
          : 'Consulta a Webpay por esta cuenta y la registra, reembolsa o cierra según lo que responda.'}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button"
          disabled={verification.isPending}
          onClick={() => verification.mutate()}
        >
          {verification.isPending && <span className="spinner" aria-hidden="true" />}
          {verification.isPending ? 'Verificando…' : 'Verificar estado en Webpay'}
        </button>
      </div>
      <div role="status">{verification.isSuccess && <p>{verification.data.message}</p>}</div>
      <div role="alert">
        {verification.isError && <p className="form-error">{failureMessage(verification.error)}</p>}
      </div>
    </section>
  );
}
