import { useState } from 'react';
import * as z from 'zod/mini';
import { denunciaStatusLabels } from '../../../shared/denuncias/case/schema.ts';
import { deskStatuses, DeskStatusSchema, type DeskDetail } from '../../../shared/denuncias/desk/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
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
  const { field, ...shell } = useAdminForm({
    schema: StatusFormSchema,
    labels,
    // Recibida is no choice: leaving it is the acknowledgement.
    values: { status: denuncia.status === 'recibida' ? ('' as 'en_analisis') : denuncia.status },
    send: async (values) => {
      await change.mutateAsync(values);
      return { kind: 'success', text: `Estado cambiado a ${denunciaStatusLabels[values.status]}.` };
    },
  });

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
      <AdminForm form={shell} aria-label="Cambiar estado">
        <SelectInput {...field('status')} placeholder="Elija un estado" required options={statusOptions} />
        <SubmitButton pending={shell.pending} label="Cambiar estado" />
      </AdminForm>
    </section>
  );
}
