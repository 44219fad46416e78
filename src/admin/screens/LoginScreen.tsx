import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import type * as z from 'zod/mini';
import { BootstrapStatusSchema, type BootstrapStatus } from '../../shared/bootstrap/schema.ts';
import type { LoginCredentials, PasswordStep, SecondFactorCodeSchema } from '../../shared/auth/schema.ts';
import type { FieldRules } from '../../shared/fields.ts';
import Notifications from '../../ui/Notifications.tsx';
import { notify } from '../../ui/notifications.ts';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../ui/forms/Field.tsx';
import { useSchemaForm, type FieldSpec, type SendOutcome } from '../../ui/forms/use-schema-form.ts';
import { ApiError, apiRequest, failureMessage } from '../api-client.ts';
import { StandalonePage } from '../layout/StandalonePage.tsx';
import { RecoveryCodes, TotpEnrolmentText } from './second-factor/SecondFactorTexts.tsx';
import { takeSignInHandoff } from '../session/sign-in-handoff.ts';
import { submitCode, submitPassword } from '../session/sign-in.ts';
import { isUnexpired, readSession } from '../session/stored-session.ts';
import { SettingsProvider } from '../settings/SettingsProvider.tsx';
import '../admin.css';
import '../admin-components.css';

const fields = {
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'username' },
  password: { label: 'Contraseña', type: 'password', autoComplete: 'current-password' },
} satisfies Record<keyof LoginCredentials, FieldSpec>;

const codeFields = {
  code: {
    label: 'Código de verificación',
    hint: 'Los 6 dígitos que muestra su aplicación de autenticación, o uno de sus códigos de recuperación.',
    autoComplete: 'one-time-code',
  },
} satisfies Record<'code', FieldSpec>;

const loadSchema = () => import('../../shared/auth/schema.ts').then((module) => module.LoginSchema);
const loadCodeSchema = () => import('../../shared/auth/schema.ts').then((module) => module.SecondFactorCodeSchema);

/** Where the sign-in is: the password, then a code (or at the first sign-in, the enrolment), then the recovery codes once. */
type Step = { kind: 'password' } | { kind: 'code'; answer: PasswordStep } | { kind: 'recovery'; codes: string[] };

/**
 * Spec §2 /login: e-mail and password; the server's message on failure (wrong credentials, 429).
 * A page of its own, rendered at build time so the form paints before any script runs, with
 * the public forms' pattern; it loads none of the admin app, which opens once signed in.
 * Then the second factor: a code, or at the first sign-in the enrolment of TOTP and
 * its 10 recovery codes, shown once. `rules` and `codeRules`: the fields' rules, from the page.
 */
export default function LoginScreen({
  rules,
  codeRules,
}: {
  rules: FieldRules<keyof LoginCredentials>;
  codeRules: FieldRules<keyof z.infer<typeof SecondFactorCodeSchema>>;
}) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema });
  const [step, setStep] = useState<Step>({ kind: 'password' });
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

  const refused = (error: unknown) => {
    const errors = error instanceof ApiError ? error.errors : {};
    if (Object.keys(errors).length > 0) return { ok: false, errors } as const;
    setFormError(failureMessage(error));
    return { ok: false } as const;
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    void form.submit(async (credentials) => {
      try {
        setStep({ kind: 'code', answer: await submitPassword(credentials) });
      } catch (error) {
        return refused(error);
      }
      return { ok: true };
    });
  };

  const onCode = async (challenge: string, code: string) => {
    setFormError(undefined);
    try {
      const { recoveryCodes } = await submitCode(challenge, code);
      if (recoveryCodes) setStep({ kind: 'recovery', codes: recoveryCodes });
      else window.location.assign(destination);
    } catch (error) {
      // An expired challenge, or too many attempts: back to the password.
      if (error instanceof ApiError && (error.status === 401 || error.status === 429) && !error.errors.code)
        setStep({ kind: 'password' });
      return refused(error);
    }
    return { ok: true } as const;
  };

  return (
    <SettingsProvider>
      <StandalonePage heading={<h1 className="page-title">Iniciar sesión</h1>}>
        {formError && (
          <p role="alert" className="form-error">
            {formError}
          </p>
        )}
        {step.kind === 'password' && (
          <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
            <ErrorSummary errors={form.errors} labels={form.labels} />
            <Field {...form.text('email')} />
            <Field {...form.text('password')} />
            <button type="submit" className="button" disabled={!form.ready || form.sending}>
              {form.sending && <span className="spinner" aria-hidden="true" />}
              {form.sending ? 'Ingresando…' : 'Ingresar'}
            </button>
          </form>
        )}
        {step.kind === 'code' && (
          <CodeForm
            rules={codeRules}
            submitLabel={step.answer.secondFactor === 'enrol' ? 'Activar y entrar' : 'Verificar'}
            onCode={(code) => onCode(step.answer.challenge, code)}
          >
            {step.answer.secondFactor === 'enrol' ? (
              <TotpEnrolmentText totp={step.answer.totp} />
            ) : (
              <p>Ingrese el código que muestra su aplicación de autenticación.</p>
            )}
          </CodeForm>
        )}
        {step.kind === 'recovery' && (
          <RecoveryCodes codes={step.codes} onDone={() => window.location.assign(destination)} />
        )}
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

/** The code form of the second step, with the public forms' pattern. */
function CodeForm({
  rules,
  submitLabel,
  onCode,
  children,
}: {
  rules: FieldRules<'code'>;
  submitLabel: string;
  onCode: (code: string) => Promise<SendOutcome>;
  children: ReactNode;
}) {
  const form = useSchemaForm(codeFields, rules, { schema: loadCodeSchema });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(({ code }) => onCode(code));
  };
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      {children}
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <Field {...form.text('code')} />
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Verificando…' : submitLabel}
      </button>
    </form>
  );
}
