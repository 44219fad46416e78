import { AdvisoryUpdateInputSchema, type AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useAdvisoryChange } from './advisory-api.ts';

const labels = { body: 'Actualización' };

/**
 * Time-stamped notes the public reads under the notice, newest first, and, while it is in force,
 * the form to add one, which is mailed to the subscribers of its towns.
 */
export function AdvisoryUpdates({ advisory }: { advisory: AdminAdvisory }) {
  const add = useAdvisoryChange(advisory.id, { method: 'POST', path: '/updates' });
  const { form, field, ...shell } = useAdminForm({
    schema: AdvisoryUpdateInputSchema,
    labels,
    defaultValues: { body: '' },
    send: async (values) => {
      await add.mutateAsync(values);
      form.reset();
      return {
        kind: 'success',
        text: 'Actualización publicada.',
        detail: 'Se avisará a los suscriptores de sus localidades.',
      };
    },
  });

  return (
    <section aria-labelledby="actualizaciones" className="outage-updates">
      <h2 id="actualizaciones">Actualizaciones</h2>
      {advisory.updates.length === 0 ? (
        <p className="muted">Aún no hay actualizaciones.</p>
      ) : (
        <ol>
          {advisory.updates.map((update) => (
            <li key={update.id}>
              <time dateTime={update.createdAt}>{chileMinute(update.createdAt)}</time> {update.body}
            </li>
          ))}
        </ol>
      )}
      {advisory.status === 'borrador' && <p>Podrá agregar actualizaciones una vez publicado el aviso.</p>}
      {advisory.status === 'publicado' && (
        <AdminForm form={shell} aria-label="Nueva actualización">
          <TextAreaInput
            {...field('body')}
            hint="Se muestra en /avisos con su hora y se envía a los suscriptores de sus localidades."
            required
          />
          <SubmitButton pending={shell.pending} label="Agregar actualización" />
        </AdminForm>
      )}
    </section>
  );
}
