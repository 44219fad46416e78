import { useId, useRef } from 'react';
import type { AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import { AdvisoryLiftSchema } from '../../../shared/advisories/schema.ts';
import { spanishList } from '../../../shared/spanish-list.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PUBLIC_DELAY_NOTE } from '../../resources.ts';
import { useAdvisoryChange } from './advisory-api.ts';

const townsOf = (advisory: AdminAdvisory) => spanishList(advisory.towns.map((town) => town.name));

/** Publicar: shown on /avisos and mailed to the subscribers of its towns. */
export function PublishAction({ advisory }: { advisory: AdminAdvisory }) {
  const publish = useAdvisoryChange(advisory.id, { method: 'POST', path: '/publish' });
  const send = async () => {
    try {
      await publish.mutateAsync(undefined);
      notify({
        kind: 'success',
        text: 'Aviso publicado.',
        detail: `${PUBLIC_DELAY_NOTE} Se avisará a los suscriptores de sus localidades.`,
      });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    }
  };
  return (
    <div className="notice-actions">
      <p>Publicarlo lo muestra en /avisos y avisa por correo a los suscriptores de {townsOf(advisory)}.</p>
      <button type="button" className="button" disabled={publish.isPending} onClick={() => void send()}>
        {publish.isPending && <span className="spinner" aria-hidden="true" />}
        Publicar
      </button>
    </div>
  );
}

const liftLabels = { liftMessage: 'Mensaje de término' };

/**
 * Levantar: a dialog asks for the lift message, which the public reads with the notice and the
 * subscribers get by mail. Lifting cannot be undone, so the dialog says so before it is sent.
 */
export function LiftAction({ advisory }: { advisory: AdminAdvisory }) {
  const lift = useAdvisoryChange(advisory.id, { method: 'POST', path: '/lift' });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { form, field, ...shell } = useAdminForm({
    schema: AdvisoryLiftSchema,
    labels: liftLabels,
    defaultValues: { liftMessage: '' },
    send: async (values) => {
      await lift.mutateAsync(values);
      dialog.current?.close();
      return { kind: 'success', text: 'Aviso levantado.', detail: 'Se avisará a los suscriptores de sus localidades.' };
    },
  });
  return (
    <div className="notice-actions">
      <p>
        Cuando el aviso ya no rija, levántelo con un mensaje de término: se avisará por correo a los suscriptores de{' '}
        {townsOf(advisory)}.
      </p>
      <button type="button" className="button" onClick={() => dialog.current?.showModal()}>
        Levantar
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <AdminForm
          form={shell}
          aria-labelledby={titleId}
          heading={
            // One item of the form's grid: its gap would part the question from what it explains.
            <div>
              <h2 id={titleId}>¿Levantar el aviso?</h2>
              <p>
                Dejará de estar vigente en /avisos y se avisará por correo a los suscriptores de {townsOf(advisory)}. Un
                aviso levantado no se puede volver a publicar ni modificar.
              </p>
            </div>
          }
        >
          <TextAreaInput
            {...field('liftMessage')}
            hint="Qué puede volver a hacer la población; por ejemplo, que ya puede beber el agua de la llave sin hervirla."
            required
          />
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                form.reset();
                dialog.current?.close();
              }}
            >
              Volver
            </button>
            <SubmitButton pending={shell.pending} label="Levantar el aviso" pendingLabel="Levantando…" />
          </div>
        </AdminForm>
      </dialog>
    </div>
  );
}
