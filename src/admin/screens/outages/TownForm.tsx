import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { OutageTownInputSchema } from '../../../shared/outages-admin.ts';
import { notify } from '../../../ui/notifications.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { useAddTown } from './outage-api.ts';

const labels = { name: 'Nombre de la localidad', latitude: 'Latitud', longitude: 'Longitud' };

/**
 * A town the utility starts serving, beyond the ones it serves today: its name and where its
 * marker goes on /cortes's map. Folded away: it is rare, and the list is what staff come for.
 */
export function TownForm() {
  const add = useAddTown();
  const form = useForm({
    resolver: zodResolver(OutageTownInputSchema),
    defaultValues: { name: '', latitude: Number.NaN, longitude: Number.NaN },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await add.mutateAsync(values);
      form.reset();
      notify({ kind: 'success', text: `Localidad ${values.name} agregada.` });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <details className="town-form">
      <summary>Agregar una localidad</summary>
      <form
        className="form"
        noValidate
        aria-label="Agregar una localidad"
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={isSubmitting}
      >
        <FormFeedback feedback={feedback} />
        <TextInput label={labels.name} required error={errors.name?.message} registration={form.register('name')} />
        <TextInput
          label={labels.latitude}
          hint="En grados decimales, por ejemplo -45.5712."
          inputMode="decimal"
          required
          error={errors.latitude?.message}
          registration={form.register('latitude', { valueAsNumber: true })}
        />
        <TextInput
          label={labels.longitude}
          hint="En grados decimales, por ejemplo -72.0685."
          inputMode="decimal"
          required
          error={errors.longitude?.message}
          registration={form.register('longitude', { valueAsNumber: true })}
        />
        <SubmitButton pending={isSubmitting} label="Agregar localidad" />
      </form>
    </details>
  );
}
