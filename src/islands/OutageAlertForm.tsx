import { useEffect, useState, type SubmitEvent } from 'react';
import type { FieldRules } from '../shared/fields.ts';
import { messages } from '../shared/messages.ts';
import type { OutageAlertField } from '../shared/outage-alerts.ts';
import { callApi, type Loaded } from './api.ts';
import { CheckboxesField } from './forms/CheckboxesField.tsx';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import type { Option } from './forms/SelectField.tsx';
import { useSchemaForm, type FieldSpec } from './forms/use-schema-form.ts';

const fields = {
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    hint: 'Le enviaremos un enlace para confirmar la suscripción.',
  },
  towns: { label: 'Localidades', hint: 'Elija una o más.' },
} satisfies Record<OutageAlertField, FieldSpec>;

// The schemas, and zod with them, load once the visitor starts on the form or the towns arrive
// (issue 14); the towns come from the database, where staff may add one without a deploy.
const alerts = () => import('../shared/outage-alerts.ts');
const loadSchema = () => alerts().then((module) => module.OutageAlertSubscriptionSchema);

// The form keeps every value as text (its draft); the towns as their slugs, one per line.
const townList = (value: string) => value.split('\n').filter(Boolean);

/** /cortes/alertas (issue 17): an e-mail and its towns, posted to POST /api/cortes/alertas. */
export default function OutageAlertForm({ rules }: { rules: FieldRules<OutageAlertField> }) {
  const form = useSchemaForm(fields, rules, {
    schema: loadSchema,
    draftKey: 'draft:cortes-alertas',
    toInput: (values) => ({ email: values.email, towns: townList(values.towns) }),
  });
  const [towns, setTowns] = useState<Loaded<Option[]>>({ state: 'loading' });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string }>();

  useEffect(() => {
    const controller = new AbortController();
    const answer = alerts().then((module) => module.OutageAlertTownsAnswerSchema);
    void callApi('/api/cortes/alertas', answer, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setTowns(
        result.ok
          ? { state: 'ready', data: result.body.data.towns.map(({ slug, name }) => ({ value: slug, label: name })) }
          : { state: 'failed' },
      );
    });
    return () => controller.abort();
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(undefined);
    void form.submit(async (data) => {
      const answer = alerts().then((module) => module.OutageAlertDoneAnswerSchema);
      const result = await callApi('/api/cortes/alertas', answer, { method: 'POST', json: data });
      if (result.ok) {
        setOutcome({ kind: 'success', text: result.body.message });
        return { ok: true };
      }
      if (result.status === 400 && result.failure.errors) return { ok: false, errors: result.failure.errors };
      setOutcome({ kind: 'error', text: result.failure.error ?? messages.genericError });
      return { ok: false };
    });
  };

  const choice = form.choice('towns');
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <Field {...form.text('email')} />
      {towns.state === 'ready' ? (
        <CheckboxesField
          {...choice}
          options={towns.data}
          value={townList(choice.value)}
          onChange={(chosen) => choice.onChange(chosen.join('\n'))}
        />
      ) : (
        <p className={towns.state === 'failed' ? 'form-error' : 'field__hint'} role="status">
          {towns.state === 'failed'
            ? 'No pudimos cargar las localidades. Recargue la página en unos minutos.'
            : 'Cargando localidades…'}
        </p>
      )}
      <PrivacyNote section="avisos-de-cortes-por-correo" />
      <button type="submit" className="button" disabled={!form.ready || form.sending || towns.state !== 'ready'}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Suscribirme'}
      </button>
      <div role="status">{outcome?.kind === 'success' && <p className="notice notice--success">{outcome.text}</p>}</div>
      {outcome?.kind === 'error' && (
        <p role="alert" className="form-error">
          {outcome.text}
        </p>
      )}
    </form>
  );
}
