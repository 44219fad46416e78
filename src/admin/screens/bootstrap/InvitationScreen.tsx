import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  InvitationAcceptedSchema,
  InvitationAcceptSchema,
  InvitationAnswerSchema,
  invitationMessages,
  type InvitationAnswer,
} from '../../../shared/invitations/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
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
  const { field, ...shell } = useAdminForm({
    schema: InvitationAcceptSchema,
    labels,
    defaultValues: { token, password: '', confirmPassword: '', secret: invitation.totp.secret, code: '' },
    send: async (input) => {
      const { recoveryCodes } = await apiRequest('/api/invitation/accept', InvitationAcceptedSchema, {
        method: 'POST',
        body: input,
        session: false,
      });
      onAccepted(recoveryCodes);
    },
  });

  return (
    <>
      <p>
        {invitation.name}, esta invitación crea su cuenta ({invitation.email}). Elija una contraseña que solo usted
        conozca: nadie más la ha visto ni podrá cambiarla.
      </p>
      <AdminForm form={shell}>
        <TextInput
          {...field('password')}
          type="password"
          autoComplete="new-password"
          required
          hint="Al menos 10 caracteres."
        />
        <TextInput {...field('confirmPassword')} type="password" autoComplete="new-password" required />
        <TotpEnrolmentText totp={invitation.totp} />
        <TextInput {...field('code')} autoComplete="one-time-code" required />
        <SubmitButton pending={shell.pending} label="Crear mi cuenta" pendingLabel="Creando…" />
      </AdminForm>
    </>
  );
}
