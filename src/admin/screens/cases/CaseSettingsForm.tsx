import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { COMPLAINT_BUSINESS_DAYS, CaseSettingsSchema, type CaseSettings } from '../../../shared/cases.ts';
import { notify } from '../../../ui/notifications.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm<z.input<typeof CaseSettingsSchema>, unknown, CaseSettings>({
    resolver: zodResolver(CaseSettingsSchema),
    values: current,
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      const saved = await save.mutateAsync(values);
      notify({
        kind: 'success',
        text: 'Plazo guardado.',
        detail: `Los mensajes que lleguen desde ahora se deben responder en ${daysText(saved.messageBusinessDays)}.`,
      });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form"
      noValidate
      aria-label="Plazo de respuesta a mensajes"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <FormFeedback feedback={feedback} />
      <TextInput
        label={labels.messageBusinessDays}
        type="number"
        inputMode="numeric"
        min={1}
        max={30}
        className="input--short"
        required
        hint={`Para responder un mensaje de contacto, contados desde el día en que llega (de 1 a 30). Los reclamos tienen ${COMPLAINT_BUSINESS_DAYS} días hábiles por ley.`}
        error={errors.messageBusinessDays?.message}
        registration={form.register('messageBusinessDays')}
      />
      <SubmitButton pending={isSubmitting} label="Guardar plazo" />
    </form>
  );
}
