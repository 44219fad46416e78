import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import type * as z from 'zod/mini';
import type { AdminRole } from '../../../shared/admins.ts';
import {
  BootstrapAnswerSchema,
  bootstrapMessages,
  BootstrapSchema,
  bootstrapTitles,
  type BootstrapStatus,
} from '../../../shared/bootstrap.ts';
import { notify } from '../../../islands/notifications.ts';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { StandalonePage } from '../../layout/StandalonePage.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { useBootstrapStatus } from './use-bootstrap-status.ts';

const labels = {
  token: 'Clave de arranque',
  name: 'Nombre',
  email: 'Correo electrónico',
  password: 'Contraseña',
  confirmPassword: 'Repita la contraseña',
};

/** Why the form is not offered, for each role. */
const closedMessage = (status: Exclude<BootstrapStatus, 'available'>, role: AdminRole) =>
  status === 'done' && role === 'cumplimiento' ? bootstrapMessages.complianceDone : bootstrapMessages[status];

const introductions: Record<AdminRole, string> = {
  administrador:
    'Este sitio aún no tiene administradores. Ingrese la clave de arranque (el valor de la variable ADMIN_BOOTSTRAP_TOKEN que se definió en Netlify) y los datos de la primera persona que administrará el sitio.',
  cumplimiento:
    'Este sitio aún no tiene un encargado de cumplimiento, la única cuenta que puede leer las denuncias. Ingrese la clave de arranque (el valor de la variable ADMIN_BOOTSTRAP_TOKEN que se definió en Netlify) y los datos del Encargado de Prevención de Delitos. Después, solo el equipo de cumplimiento podrá dar ese acceso a otras cuentas.',
};

/**
 * /admin/primer-administrador: the first administrator of a new site; /admin/primer-cumplimiento:
 * the first compliance user (issue 16). Each created with the one-time ADMIN_BOOTSTRAP_TOKEN
 * (README, "Operator tasks in production"), then signed in. Once an account holds the role, the
 * screen only says so.
 */
export default function BootstrapScreen({ creates: role }: { creates: AdminRole }) {
  const status = useBootstrapStatus(role);
  return (
    <StandalonePage heading={<PageTitle>{bootstrapTitles[role]}</PageTitle>}>
      <QueryView query={status}>
        {(current) =>
          current === 'available' ? (
            <BootstrapForm role={role} />
          ) : (
            <p className="login__notice">{closedMessage(current, role)}</p>
          )
        }
      </QueryView>
      <p>
        <a href="/login">Volver a Iniciar sesión</a>
      </p>
    </StandalonePage>
  );
}

function BootstrapForm({ role }: { role: AdminRole }) {
  const { state, signIn } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof BootstrapSchema>, unknown, z.output<typeof BootstrapSchema>>({
    resolver: zodResolver(BootstrapSchema),
    defaultValues: { token: '', name: '', email: '', password: '', confirmPassword: '', role },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  if (state.status === 'signedIn') return <Navigate to="/admin" replace />;

  const onSubmit = form.handleSubmit(async (input) => {
    feedback.onStart();
    try {
      await apiRequest('/api/bootstrap', BootstrapAnswerSchema, {
        method: 'POST',
        body: input,
        session: false,
      });
    } catch (error) {
      feedback.onFailure(error);
      return;
    } finally {
      // Created, or refused because an administrator exists now: /login no longer offers this screen.
      void queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    }
    notify({
      kind: 'success',
      text: role === 'cumplimiento' ? 'Encargado de cumplimiento creado.' : 'Administrador creado.',
    });
    try {
      await signIn({ email: input.email, password: input.password });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <p>{introductions[role]}</p>
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
          autoComplete="name"
          required
          error={errors.name?.message}
          registration={form.register('name')}
        />
        <TextInput
          label={labels.email}
          type="email"
          autoComplete="username"
          required
          error={errors.email?.message}
          registration={form.register('email')}
        />
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
        <SubmitButton
          pending={isSubmitting}
          label={role === 'cumplimiento' ? 'Crear encargado de cumplimiento' : 'Crear administrador'}
          pendingLabel="Creando…"
        />
      </form>
    </>
  );
}
