import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { notify } from '../../../ui/notifications.ts';
import {
  MANUAL_NOTE_MAX,
  ManualSettlementAnswerSchema,
  manualSettlements,
  ManualSettlementSchema,
  type ManualSettlement,
} from '../../../shared/payments.ts';
import { apiRequest } from '../../api-client.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm<z.input<typeof ManualSettlementSchema>, unknown, ManualSettlement>({
    resolver: zodResolver(ManualSettlementSchema),
    defaultValues: { note: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await settle.mutateAsync(values);
      notify({ kind: 'success', text: 'Resolución registrada.' });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form"
      noValidate
      aria-labelledby="registrar-resolucion"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <h3 id="registrar-resolucion">Registrar resolución</h3>
      <FormFeedback feedback={feedback} />
      <SelectInput
        label={labels.settlement}
        placeholder="Elija una resolución"
        required
        options={options}
        error={errors.settlement?.message}
        registration={form.register('settlement')}
      />
      <TextAreaInput
        label={labels.note}
        hint={`Qué se hizo y con qué respaldo (hasta ${MANUAL_NOTE_MAX} caracteres). Queda en el registro de actividad.`}
        required
        error={errors.note?.message}
        registration={form.register('note')}
      />
      <SubmitButton pending={isSubmitting} label="Registrar resolución" pendingLabel="Registrando…" />
    </form>
  );
}
