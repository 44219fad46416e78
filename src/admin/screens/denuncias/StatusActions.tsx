import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { denunciaStatusLabels } from '../../../shared/denuncia-case.ts';
import { deskStatuses, DeskStatusSchema, type DeskDetail } from '../../../shared/denuncia-desk.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { useDenunciaChange } from './desk-api.ts';

const labels = { status: 'Estado' };
const statusOptions = deskStatuses.map((status) => ({ value: status, label: denunciaStatusLabels[status] }));
const StatusFormSchema = z.object({ status: DeskStatusSchema.shape.status });

/**
 * Acusar recibo (a report still Recibida becomes En análisis: the acknowledgement due within 7
 * days) and any later status; Cerrada meets the other deadlines, and reopening clears it.
 */
export function StatusActions({ denuncia }: { denuncia: DeskDetail }) {
  const change = useDenunciaChange(denuncia.reference, '');
  const [acknowledging, setAcknowledging] = useState(false);
  const form = useForm<z.input<typeof StatusFormSchema>, unknown, z.output<typeof StatusFormSchema>>({
    resolver: zodResolver(StatusFormSchema),
    // Recibida is no choice: leaving it is the acknowledgement.
    values: { status: denuncia.status === 'recibida' ? ('' as 'en_analisis') : denuncia.status },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const acknowledge = async () => {
    setAcknowledging(true);
    try {
      await change.mutateAsync({ status: 'en_analisis' });
      notify({ kind: 'success', text: 'Recibo acusado.', detail: 'El denunciante verá la denuncia En análisis.' });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    } finally {
      setAcknowledging(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await change.mutateAsync(values);
      notify({ kind: 'success', text: `Estado cambiado a ${denunciaStatusLabels[values.status]}.` });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <section aria-labelledby="gestion" className="desk-status">
      <h2 id="gestion">Gestión</h2>
      {denuncia.status === 'recibida' && (
        <div className="desk-status__acknowledge">
          <p>Acusar recibo le indica al denunciante, en su seguimiento, que la denuncia está En análisis.</p>
          <button type="button" className="button" disabled={acknowledging} onClick={() => void acknowledge()}>
            {acknowledging && <span className="spinner" aria-hidden="true" />}
            Acusar recibo
          </button>
        </div>
      )}
      <form
        className="form"
        noValidate
        aria-label="Cambiar estado"
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={isSubmitting}
      >
        <FormFeedback feedback={feedback} />
        <SelectInput
          label={labels.status}
          placeholder="Elija un estado"
          required
          options={statusOptions}
          error={errors.status?.message}
          registration={form.register('status')}
        />
        <SubmitButton pending={isSubmitting} label="Cambiar estado" />
      </form>
    </section>
  );
}
