import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PhoneAlertSettingsAnswerSchema, PhoneAlertSettingsSchema } from '../../../shared/outage-alerts/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { CheckboxInput } from '../../forms/CheckboxInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';

const PATH = '/api/admin/outages/phone-alerts';
const key = ['outages', 'phone-alerts'] as const;
const labels = { billingPhones: 'Avisar a los teléfonos registrados en la facturación' };
type Settings = { billingPhones: boolean; billingSubscribers: number };

/**
 * Whether the phones of the billing export get the alerts of their services' towns without
 * asking (docs/features/outages.md, "Alerts by phone"), and how many it subscribed. Folded away
 * beside the towns: staff decide it once.
 */
export function PhoneAlertSettings() {
  const settings = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await apiRequest(PATH, PhoneAlertSettingsAnswerSchema, { signal })).settings,
  });
  return (
    <details className="town-form">
      <summary>Avisos por teléfono a los clientes</summary>
      <QueryView query={settings}>{(current) => <SettingsForm current={current} />}</QueryView>
    </details>
  );
}

function SettingsForm({ current }: { current: Settings }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: unknown) =>
      apiRequest(PATH, PhoneAlertSettingsAnswerSchema, { method: 'PUT', body: values }).then((r) => r.settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
  const { field, ...shell } = useAdminForm({
    schema: PhoneAlertSettingsSchema,
    labels,
    defaultValues: { billingPhones: current.billingPhones },
    send: async (values) => {
      const saved = await save.mutateAsync(values);
      return {
        kind: 'success',
        text: saved.billingPhones
          ? `Activado: ${saved.billingSubscribers} teléfonos de la facturación reciben los avisos de su localidad.`
          : 'Desactivado: los teléfonos de la facturación ya no reciben avisos, salvo los que se suscribieron solos.',
      };
    },
  });
  return (
    <AdminForm form={shell} aria-label="Avisos por teléfono a los clientes">
      <CheckboxInput
        {...field('billingPhones')}
        hint={`Cada celular de la exportación de facturación recibe por SMS los cortes y avisos de la localidad de su servicio, y cada teléfono fijo una llamada; el primer mensaje explica cómo darse de baja (BAJA). Nunca se suscribe de nuevo a quien respondió BAJA. Hoy: ${current.billingSubscribers} teléfonos.`}
      />
      <SubmitButton pending={save.isPending} label="Guardar" />
    </AdminForm>
  );
}
