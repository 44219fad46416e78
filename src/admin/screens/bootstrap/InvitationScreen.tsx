import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  InvitationAcceptedSchema,
  InvitationAcceptSchema,
  InvitationAnswerSchema,
  invitationMessages,
  type InvitationAnswer,
} from '../../../shared/invitations.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { StandalonePage } from '../../layout/StandalonePage.tsx';
import { RecoveryCodes, TotpEnrolmentText } from '../second-factor/SecondFactorTexts.tsx';

const labels = {
  password: 'Contraseña',
  confirmPassword: 'Repita la contraseña',
  code: 'Código de 6 dígitos',
};

/**
 * /admin/invitacion#<token>: the invited person chooses their own password and enrols
 * TOTP; the account is created then, and its recovery codes shown once. The token stays in the
 * fragment, which the browser never sends in a request or a Referer.
 */
export default function InvitationScreen() {
  const token = window.location.hash.slice(1);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiRequest('/api/invitation', InvitationAnswerSchema, { method: 'POST', body: { token }, session: false }),
    retry: false,
    staleTime: Infinity,
  });
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  return (
    <StandalonePage heading={<PageTitle>Activar su cuenta</PageTitle>}>
      {recoveryCodes ? (
        <>
          <p role="status">{invitationMessages.accepted}</p>
          <RecoveryCodes codes={recoveryCodes} onDone={() => window.location.assign('/login')} />
        </>
      ) : token ? (
        <QueryView query={invitation}>
          {(current) => <InvitationForm token={token} invitation={current} onAccepted={setRecoveryCodes} />}
        </QueryView>
      ) : (
        <p className="login__notice">{invitationMessages.invalid}</p>
      )}
    </StandalonePage>
  );
}

function InvitationForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationAnswer;
  onAccepted: (codes: string[]) => void;
}) {
  const form = useForm<z.input<typeof InvitationAcceptSchema>, unknown, z.output<typeof InvitationAcceptSchema>>({
    resolver: zodResolver(InvitationAcceptSchema),
    defaultValues: { token, password: '', confirmPassword: '', secret: invitation.totp.secret, code: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    feedback.onStart();
    try {
      const { recoveryCodes } = await apiRequest('/api/invitation/accept', InvitationAcceptedSchema, {
        method: 'POST',
        body: input,
        session: false,
      });
      onAccepted(recoveryCodes);
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <p>
        {invitation.name}, esta invitación crea su cuenta ({invitation.email}). Elija una contraseña que solo usted
        conozca: nadie más la ha visto ni podrá cambiarla.
      </p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <FormFeedback feedback={feedback} />
        <TextInput
          label={labels.password}
          type="password"
          autoComplete="new-password"
          required
          hint="Al menos 10 caracteres."
          error={errors.password?.message}
          registration={form.register('password')}
        />
        <TextInput
          label={labels.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          registration={form.register('confirmPassword')}
        />
        <TotpEnrolmentText totp={invitation.totp} />
        <TextInput
          label={labels.code}
          autoComplete="one-time-code"
          required
          error={errors.code?.message}
          registration={form.register('code')}
        />
        <SubmitButton pending={isSubmitting} label="Crear mi cuenta" pendingLabel="Creando…" />
      </form>
    </>
  );
}
