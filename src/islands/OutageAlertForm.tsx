import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import type { FieldRules } from '../shared/fields.ts';
import { messages } from '../shared/messages.ts';
import type { OutageAlertField } from '../shared/outage-alerts/schema.ts';
import type { OutageTown } from '../shared/outages/schema.ts';
import { callApi } from '../ui/api.ts';
import { PageData, pageData } from '../ui/page-data.tsx';
import { CheckboxesField } from './forms/CheckboxesField.tsx';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import type { Option } from './forms/SelectField.tsx';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    hint: 'Le enviaremos un enlace para confirmar la suscripción.',
  },
  towns: { label: 'Localidades', hint: 'Elija una o más.' },
} satisfies Record<OutageAlertField, FieldSpec>;

// The schemas, and zod with them, load once the visitor starts on the form, not with the page.
const alerts = () => import('../shared/outage-alerts/schema.ts');
const loadSchema = () => alerts().then((module) => module.OutageAlertSubscriptionSchema);

type Town = Pick<OutageTown, 'slug' | 'name'>;

/** The id of the towns' data in the page (ServerTownChoices). */
const TOWNS_DATA_ID = 'cortes-alertas-localidades';

/**
 * The towns' checkboxes as the page's HTML holds them until the island runs. The towns live in
 * the database, where staff may add one without a deploy, so the function outages-page writes
 * this into the prerendered page on each request (src/filled-pages/outages.ts), laid out as the
 * island's own, with the towns as data for it. The island takes their place with the same
 * fieldset, so nothing moves, and the page neither asks for the towns nor loads zod to check an
 * answer. Without JavaScript the towns are still there to read. They can be ticked before the
 * island runs (on a rural line, seconds after the HTML): the form's draft takes the ticks from the
 * page when it hydrates (useDraft).
 */
export function ServerTownChoices({ towns, required }: { towns: Town[]; required: boolean }) {
  return (
    <>
      <CheckboxesField
        name="towns"
        label={fields.towns.label}
        hint={fields.towns.hint}
        required={required}
        options={towns.map(townOption)}
        value={[]}
        onChange={() => undefined}
      />
      <PageData id={TOWNS_DATA_ID} data={towns} />
    </>
  );
}

const townOption = ({ slug, name }: Town): Option => ({ value: slug, label: name });

/** The towns ServerTownChoices left in the page; none when it is missing (the page was not filled). */
const townsInPage = (): Option[] | null => pageData<Town[]>(TOWNS_DATA_ID)?.map(townOption) ?? null;

// The form keeps every value as text (its draft); the towns as their slugs, one per line.
const townList = (value: string) => value.split('\n').filter(Boolean);

interface OutageAlertFormProps {
  rules: FieldRules<OutageAlertField>;
  /** The page's towns (ServerTownChoices), shown until the island has read them. */
  children?: ReactNode;
}

/** /cortes/alertas: an e-mail and its towns, posted to POST /api/cortes/alertas. */
export default function OutageAlertForm({ rules, children }: OutageAlertFormProps) {
  const form = useSchemaForm(fields, rules, {
    schema: loadSchema,
    draftKey: 'draft:cortes-alertas',
    toInput: (values) => ({ email: values.email, towns: townList(values.towns) }),
  });
  // undefined until read, null when the page has none.
  const [towns, setTowns] = useState<Option[] | null>();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string }>();

  useEffect(() => setTowns(townsInPage()), []);

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
      {towns === undefined && children}
      {towns && (
        <CheckboxesField
          {...choice}
          options={towns}
          value={townList(choice.value)}
          onChange={(chosen) => choice.onChange(chosen.join('\n'))}
        />
      )}
      {towns === null && (
        <p className="form-error" role="alert">
          No pudimos cargar las localidades. Recargue la página en unos minutos.
        </p>
      )}
      <PrivacyNote section="avisos-de-cortes-por-correo" />
      <button type="submit" className="button" disabled={!form.ready || form.sending || !towns}>
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
