import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MANUAL_NOTE_MAX,
  ManualSettlementAnswerSchema,
  manualSettlements,
  ManualSettlementSchema,
  type ManualSettlement,
} from '../../../shared/payments/admin/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { paymentDetailKey } from './PaymentVerification.tsx';

const labels = { settlement: 'Resolución', note: 'Nota' };
const options = Object.entries(manualSettlements).map(([value, label]) => ({ value, label }));

/** POST /api/admin/payments/{billId}/settle: how staff settled a bill that required a person (audited). */
export function ManualSettlementForm({ billId }: { billId: string }) {
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: (values: ManualSettlement) =>
      apiRequest(`/api/admin/payments/${encodeURIComponent(billId)}/settle`, ManualSettlementAnswerSchema, {
        method: 'POST',
        body: values,
      }),
    onSuccess: async ({ payment }) => {
      queryClient.setQueryData(paymentDetailKey(billId), payment);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['payments'], predicate: (query) => query.queryKey[1] !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
    },
  });
  const { field, ...shell } = useAdminForm({
    schema: ManualSettlementSchema,
    labels,
    defaultValues: { note: '' },
    send: async (values) => {
      await settle.mutateAsync(values);
      return { kind: 'success', text: 'Resolución registrada.' };
    },
  });

  return (
    <AdminForm
      form={shell}
      aria-labelledby="registrar-resolucion"
      heading={<h3 id="registrar-resolucion">Registrar resolución</h3>}
    >
      <SelectInput {...field('settlement')} placeholder="Elija una resolución" required options={options} />
      <TextAreaInput
        {...field('note')}
        hint={`Qué se hizo y con qué respaldo (hasta ${MANUAL_NOTE_MAX} caracteres). Queda en el registro de actividad.`}
        required
      />
      <SubmitButton pending={shell.pending} label="Registrar resolución" pendingLabel="Registrando…" />
    </AdminForm>
  );
}
