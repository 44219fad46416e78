import { useEffect, useState, type SubmitEvent } from 'react';
import { BootstrapStatusSchema, type BootstrapStatus } from '../../shared/bootstrap.ts';
import type { LoginCredentials } from '../../shared/auth.ts';
import type { FieldRules } from '../../shared/fields.ts';
import Notifications from '../../islands/Notifications.tsx';
import { notify } from '../../islands/notifications.ts';
import { ErrorSummary } from '../../islands/forms/ErrorSummary.tsx';
import { Field } from '../../islands/forms/Field.tsx';
import { useSchemaForm, type FieldSpec } from '../../islands/forms/use-schema-form.ts';
import { ApiError, apiRequest, failureMessage } from '../api-client.ts';
import { StandalonePage } from '../layout/StandalonePage.tsx';
import { takeSignInHandoff } from '../session/sign-in-handoff.ts';
import { signInWith } from '../session/sign-in.ts';
import { isUnexpired, readSession } from '../session/stored-session.ts';
import { SettingsProvider } from '../settings/SettingsProvider.tsx';
import '../admin.css';

const fields = {
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'username' },
  password: { label: 'Contraseña', type: 'password', autoComplete: 'current-password' },
} satisfies Record<keyof LoginCredentials, FieldSpec>;

const loadSchema = () => import('../../shared/auth.ts').then((module) => module.LoginSchema);

/**
 * Spec §2 /login: e-mail and password; the server's message on failure (wrong credentials, 429).
 * A page of its own, rendered at build time so the form paints before any script runs (issue
 * 14), with the public forms' pattern; it loads none of the admin app, which opens once signed in.
 * `rules`: `fieldRules(LoginSchema)`, from the page.
 */
export default function LoginScreen({ rules }: { rules: FieldRules<keyof LoginCredentials> }) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema });
  const [formError, setFormError] = useState<string>();
  const [bootstrap, setBootstrap] = useState<BootstrapStatus>();
  const [destination, setDestination] = useState('/admin');

  useEffect(() => {
    const handoff = takeSignInHandoff();
    setDestination(handoff.destination);
    // Still signed in (a second tab, the back button): straight to the admin, which checks the token.
    const stored = readSession();
    if (stored && isUnexpired(stored.accessToken)) {
      window.location.replace(handoff.destination);
      return;
    }
    if (handoff.notice) notify({ kind: 'error', text: handoff.notice });
    apiRequest('/api/bootstrap', BootstrapStatusSchema, { session: false })
      .then(({ status }) => setBootstrap(status))
      // Only an offer to a new site: without an answer, the page is simply the sign-in form.
      .catch(() => undefined);
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    void form.submit(async (credentials) => {
      try {
        await signInWith(credentials);
      } catch (error) {
        const errors = error instanceof ApiError ? error.errors : {};
        if (Object.keys(errors).length > 0) return { ok: false, errors };
        setFormError(failureMessage(error));
        return { ok: false };
      }
      window.location.assign(destination);
      return { ok: true };
    });
  };

  return (
    <SettingsProvider>
      <StandalonePage heading={<h1 className="page-title">Iniciar sesión</h1>}>
        <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
          <ErrorSummary errors={form.errors} labels={form.labels} />
          {formError && (
            <p role="alert" className="form-error">
              {formError}
            </p>
          )}
          <Field {...form.text('email')} />
          <Field {...form.text('password')} />
          <button type="submit" className="button" disabled={!form.ready || form.sending}>
            {form.sending && <span className="spinner" aria-hidden="true" />}
            {form.sending ? 'Ingresando…' : 'Ingresar'}
          </button>
        </form>
        {bootstrap === 'available' && (
          <p className="login__notice">
            Este sitio aún no tiene administradores.{' '}
            <a href="/admin/primer-administrador">Crear el primer administrador</a>
          </p>
        )}
        <p>
          <a href="/">Volver al sitio</a>
        </p>
      </StandalonePage>
      <Notifications />
    </SettingsProvider>
  );
}
