import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { chileMinute } from '../../../shared/chile-time.ts';
import { closedStatuses } from '../../../shared/outages.ts';
import { OutageUpdateInputSchema, type AdminOutage } from '../../../shared/outages-admin.ts';
import { notify } from '../../../ui/notifications.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { useOutageChange } from './outage-api.ts';

const labels = { body: 'Actualización' };

/** Time-stamped notes the public reads under the outage, newest first, and the form to add one. */
export function OutageUpdates({ outage }: { outage: AdminOutage }) {
  const add = useOutageChange(outage.id, { method: 'POST', path: '/updates' });
  const form = useForm({
    resolver: zodResolver(OutageUpdateInputSchema),
    defaultValues: { body: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;
  const current = outage.status === 'publicado' || outage.status === 'en_curso';

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await add.mutateAsync(values);
      form.reset();
      notify({
        kind: 'success',
        text: 'Actualización publicada.',
        ...(current ? { detail: 'Se avisará a los suscriptores de la localidad.' } : {}),
      });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <section aria-labelledby="actualizaciones" className="outage-updates">
      <h2 id="actualizaciones">Actualizaciones</h2>
      {outage.updates.length === 0 ? (
        <p className="muted">Aún no hay actualizaciones.</p>
      ) : (
        <ol>
          {outage.updates.map((update) => (
            <li key={update.id}>
              <time dateTime={update.createdAt}>{chileMinute(update.createdAt)}</time> {update.body}
            </li>
          ))}
        </ol>
      )}
      {!closedStatuses.includes(outage.status) && (
        <form
          className="form"
          noValidate
          aria-label="Nueva actualización"
          onSubmit={(event) => void onSubmit(event)}
          aria-busy={isSubmitting}
        >
          <FormFeedback feedback={feedback} />
          <TextAreaInput
            label={labels.body}
            hint={
              current
                ? 'Se muestra en /cortes con su hora y se envía a los suscriptores de la localidad.'
                : 'Se mostrará en /cortes, con su hora, cuando publique el corte.'
            }
            required
            error={errors.body?.message}
            registration={form.register('body')}
          />
          <SubmitButton pending={isSubmitting} label="Agregar actualización" />
        </form>
      )}
    </section>
  );
}
