import { COMPLAINT_BUSINESS_DAYS, CaseSettingsSchema, type CaseSettings } from '../../../shared/cases/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useCaseSettings, useSaveCaseSettings } from './case-api.ts';

const labels = { messageBusinessDays: 'Días hábiles' };

const daysText = (days: number) => (days === 1 ? '1 día hábil' : `${days} días hábiles`);

/**
 * The service target of a contact message: the utility sets it; a complaint's 10
 * business days are the law's (SISS) and are not set here.
 */
export function CaseSettingsSection() {
  const settings = useCaseSettings();
  return (
    <details className="case-settings">
      <summary>
        Plazo de respuesta a mensajes
        {settings.data && `: ${daysText(settings.data.messageBusinessDays)}`}
      </summary>
      <QueryView query={settings}>{(current) => <CaseSettingsForm current={current} />}</QueryView>
    </details>
  );
}

function CaseSettingsForm({ current }: { current: CaseSettings }) {
  const save = useSaveCaseSettings();
  const { field, ...shell } = useAdminForm({
    schema: CaseSettingsSchema,
    labels,
    values: current,
    send: async (values) => {
      const saved = await save.mutateAsync(values);
      return {
        kind: 'success',
        text: 'Plazo guardado.',
        detail: `Los mensajes que lleguen desde ahora se deben responder en ${daysText(saved.messageBusinessDays)}.`,
      };
    },
  });

  return (
    <AdminForm form={shell} aria-label="Plazo de respuesta a mensajes">
      <TextInput
        {...field('messageBusinessDays')}
        type="number"
        inputMode="numeric"
        min={1}
        max={30}
        className="input--short"
        required
        hint={`Para responder un mensaje de contacto, contados desde el día en que llega (de 1 a 30). Los reclamos tienen ${COMPLAINT_BUSINESS_DAYS} días hábiles por ley.`}
      />
      <SubmitButton pending={shell.pending} label="Guardar plazo" />
    </AdminForm>
  );
}
