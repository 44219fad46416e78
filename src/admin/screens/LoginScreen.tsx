import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { LoginSchema } from '../../shared/auth.ts';
import { Loading } from '../components/Loading.tsx';
import { FormFeedback } from '../forms/FormFeedback.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextInput } from '../forms/TextInput.tsx';
import { useSubmitFeedback } from '../forms/use-submit-feedback.ts';
import { StandalonePage } from '../layout/StandalonePage.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useBootstrapStatus } from './bootstrap/use-bootstrap-status.ts';

const labels = { email: 'Correo electrónico', password: 'Contraseña' };

/** Where to go once signed in: the admin page first asked for (RequireSession), else Pagos Webpay. */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') ? from : '/admin/pagos';
}

/** Spec §2 /login: e-mail and password; the server's message on failure (wrong credentials, 429). */
export default function LoginScreen() {
  const { state, signIn } = useSession();
  const location = useLocation();
  const form = useForm({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;
  const bootstrap = useBootstrapStatus();

  if (state.status === 'signedIn') return <Navigate to={destination(location.state)} replace />;

  const onSubmit = form.handleSubmit(async (credentials) => {
    feedback.onStart();
    try {
      await signIn(credentials);
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <StandalonePage title="Iniciar sesión">
      {state.status === 'restoring' ? (
        <Loading label="Cargando su sesión…" />
      ) : (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
          <FormFeedback feedback={feedback} />
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
            autoComplete="current-password"
            required
            error={errors.password?.message}
            registration={form.register('password')}
          />
          <SubmitButton pending={isSubmitting} label="Ingresar" pendingLabel="Ingresando…" />
        </form>
      )}
      {bootstrap.data === 'available' && (
        <p className="login__notice">
          Este sitio aún no tiene administradores.{' '}
          <Link to="/admin/primer-administrador">Crear el primer administrador</Link>
        </p>
      )}
      <p>
        <a href="/">Volver al sitio</a>
      </p>
    </StandalonePage>
  );
}
