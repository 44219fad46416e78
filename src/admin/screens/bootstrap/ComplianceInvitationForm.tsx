import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ComplianceBootstrapSchema, ComplianceInvitationAnswerSchema } from '../../../shared/bootstrap.ts';
import { INVITATION_HOURS } from '../../../shared/invitations.ts';
import { apiRequest } from '../../api-client.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';

const labels = { token: 'Clave de arranque', name: 'Nombre', email: 'Correo electrónico' };

/**
 * The first compliance user's invitation: the token's holder gives the person's name
 * and e-mail and gets a link to hand to that person only, who chooses their own password there,
 * so that nobody else ever knows it.
 */
export function ComplianceInvitationForm() {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string>();
  const form = useForm<z.input<typeof ComplianceBootstrapSchema>, unknown, z.output<typeof ComplianceBootstrapSchema>>({
    resolver: zodResolver(ComplianceBootstrapSchema),
    defaultValues: { token: '', name: '', email: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    feedback.onStart();
    try {
      const { invitation } = await apiRequest('/api/bootstrap?rol=cumplimiento', ComplianceInvitationAnswerSchema, {
        method: 'POST',
        body: input,
        session: false,
      });
      setLink(`${window.location.origin}${invitation.path}`);
    } catch (error) {
      feedback.onFailure(error);
      // Refused because a compliance user exists now: the screen says so.
      void queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    }
  }, feedback.onInvalid);

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
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormFeedback feedback={feedback} />
      <TextInput
        label={labels.token}
        type="password"
        autoComplete="off"
        required
        error={errors.token?.message}
        registration={form.register('token')}
      />
      <TextInput
        label={labels.name}
        autoComplete="off"
        required
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <TextInput
        label={labels.email}
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <SubmitButton pending={isSubmitting} label="Crear enlace de invitación" pendingLabel="Creando…" />
    </form>
  );
}
