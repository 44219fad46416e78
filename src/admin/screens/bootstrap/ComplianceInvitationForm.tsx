import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ComplianceBootstrapSchema, ComplianceInvitationAnswerSchema } from '../../../shared/bootstrap/schema.ts';
import { INVITATION_HOURS } from '../../../shared/invitations/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';

const labels = { token: 'Clave de arranque', name: 'Nombre', email: 'Correo electrónico' };

/**
 * The first compliance user's invitation: the token's holder gives the person's name
 * and e-mail and gets a link to hand to that person only, who chooses their own password there,
 * so that nobody else ever knows it.
 */
export function ComplianceInvitationForm() {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string>();
  const { field, ...shell } = useAdminForm({
    schema: ComplianceBootstrapSchema,
    labels,
    defaultValues: { token: '', name: '', email: '' },
    send: async (input) => {
      try {
        const { invitation } = await apiRequest('/api/bootstrap?rol=cumplimiento', ComplianceInvitationAnswerSchema, {
          method: 'POST',
          body: input,
          session: false,
        });
        setLink(`${window.location.origin}${invitation.path}`);
      } catch (error) {
        // Refused because a compliance user exists now: the screen says so.
        void queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
        throw error;
      }
    },
  });

  if (link)
    return (
      <section aria-labelledby="invitation-title">
        <h2 id="invitation-title">Enlace de invitación</h2>
        <p>
          Entregue este enlace solo a esa persona, por un medio de confianza. Sirve una sola vez y vence en{' '}
          {INVITATION_HOURS} horas; no se volverá a mostrar.
        </p>
        <p className="second-factor__key">
          <code>{link}</code>
        </p>
      </section>
    );

  return (
    <AdminForm form={shell}>
      <TextInput {...field('token')} type="password" autoComplete="off" required />
      <TextInput {...field('name')} autoComplete="off" required />
      <TextInput {...field('email')} type="email" autoComplete="off" required />
      <SubmitButton pending={shell.pending} label="Crear enlace de invitación" pendingLabel="Creando…" />
    </AdminForm>
  );
}
