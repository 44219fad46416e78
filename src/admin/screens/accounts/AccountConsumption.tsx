import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { ConsumptionAnswerSchema, StaffConsumptionSchema } from '../../../shared/consumption/schema.ts';
import { ConsumptionReport } from '../../../ui/consumption/ConsumptionReport.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AccountsNav } from './AccountsNav.tsx';

const labels = { serviceNumber: 'Número de servicio' };

/**
 * /admin/cuentas/consumo?servicio=…: the view a holder sees at /consumo, for staff on the phone or
 * at the counter once they have checked who asks (no RUT asked here; every look is audited), and
 * printable for whoever needs it on paper. The number is in the address, so a view can be reloaded.
 */
export default function AccountConsumption() {
  const [params, setParams] = useSearchParams();
  const asked = StaffConsumptionSchema.shape.serviceNumber.safeParse(params.get('servicio') ?? '');
  const serviceNumber = asked.success ? asked.data : undefined;
  const { field, ...shell } = useAdminForm({
    schema: z.object({ serviceNumber: StaffConsumptionSchema.shape.serviceNumber }),
    labels,
    defaultValues: { serviceNumber: serviceNumber ?? '' },
    send: async (checked) => setParams({ servicio: checked.serviceNumber }),
  });
  const consumption = useQuery({
    queryKey: ['consumption', serviceNumber],
    queryFn: ({ signal }) => apiRequest(`/api/admin/consumption/${serviceNumber}`, ConsumptionAnswerSchema, { signal }),
    enabled: serviceNumber !== undefined,
  });

  return (
    <>
      <PageTitle>Consumo de un servicio</PageTitle>
      <AccountsNav />
      <p className="no-print">
        Lo que el titular ve en Mi consumo: las lecturas de los últimos dos años y por qué cambió su última boleta.
        Antes de leerlo por teléfono, confirme que habla con el titular. Cada consulta queda en el registro de
        actividad.
      </p>
      <AdminForm form={shell} className="form form--inline no-print">
        <TextInput {...field('serviceNumber')} required inputMode="numeric" autoComplete="off" />
        <div className="form__actions">
          <SubmitButton pending={shell.pending} label="Ver consumo" pendingLabel="Buscando…" />
        </div>
      </AdminForm>
      {serviceNumber !== undefined && (
        <QueryView query={consumption}>
          {(answer) => (
            <>
              <ConsumptionReport answer={answer} serviceNumber={serviceNumber} actions={false} />
              <p className="no-print">
                <button type="button" className="button button--secondary" onClick={() => window.print()}>
                  Imprimir
                </button>
              </p>
            </>
          )}
        </QueryView>
      )}
    </>
  );
}
