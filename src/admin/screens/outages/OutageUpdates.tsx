import { chileMinute } from '../../../shared/time/format.ts';
import { closedStatuses } from '../../../shared/outages/schema.ts';
import { OutageUpdateInputSchema, type AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useOutageChange } from './outage-api.ts';

const labels = { body: 'Actualización' };

/** Time-stamped notes the public reads under the outage, newest first, and the form to add one. */
export function OutageUpdates({ outage }: { outage: AdminOutage }) {
  const add = useOutageChange(outage.id, { method: 'POST', path: '/updates' });
  const current = outage.status === 'publicado' || outage.status === 'en_curso';
  const { form, field, ...shell } = useAdminForm({
    schema: OutageUpdateInputSchema,
    labels,
    defaultValues: { body: '' },
    send: async (values) => {
      await add.mutateAsync(values);
      form.reset();
      return {
        kind: 'success',
        text: 'Actualización publicada.',
        ...(current ? { detail: 'Se avisará a los suscriptores de la localidad.' } : {}),
      };
    },
  });

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
        <AdminForm form={shell} aria-label="Nueva actualización">
          <TextAreaInput
            {...field('body')}
            hint={
              current
                ? 'Se muestra en /cortes con su hora y se envía a los suscriptores de la localidad.'
                : 'Se mostrará en /cortes, con su hora, cuando publique el corte.'
            }
            required
          />
          <SubmitButton pending={shell.pending} label="Agregar actualización" />
        </AdminForm>
      )}
    </section>
  );
}
