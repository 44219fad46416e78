import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import type { FieldRules } from '../shared/fields.ts';
import { messages } from '../shared/messages.ts';
import type { AlertChannel, OutageAlertFormValues } from '../shared/outage-alerts/form.ts';
import type { OutageTown } from '../shared/outages/schema.ts';
import { callApi, type ApiFailed } from '../ui/api.ts';
import { PageData, pageData } from '../ui/page-data.tsx';
import { CheckboxesField } from './forms/CheckboxesField.tsx';
import { ChoiceField, type ChoiceOption } from './forms/ChoiceField.tsx';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import type { Option } from './forms/SelectField.tsx';
import { useSchemaForm, type FieldSpec, type SendOutcome } from '../ui/forms/use-schema-form.ts';

type FormField = 'channel' | 'email' | 'phone' | 'towns' | 'code';

const fields = {
  // The error summary's word for the radios; their legend, a question, comes from the page.
  channel: { label: 'Medio' },
  // Not "Correo electrónico", the radio's name: two controls of one name confuse voice control.
  email: {
    label: 'Dirección de correo electrónico',
    type: 'email',
    autoComplete: 'email',
  },
  // The hints of the fields a radio reveals, and the code's, come from the page (`texts`).
  // type="tel" brings the phone keypad; no inputmode needed.
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  towns: { label: 'Localidades', hint: 'Elija una o más.' },
} satisfies Record<Exclude<FormField, 'code'>, FieldSpec>;

const codeFields = {
  code: {
    label: 'Código de confirmación',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
  },
} satisfies Record<'code', FieldSpec>;

// The schemas, and zod with them, load once the visitor starts on the form, not with the page.
const alerts = () => import('../shared/outage-alerts/schema.ts');
const alertForm = () => import('../shared/outage-alerts/form.ts');
const loadSchema = () => alertForm().then((module) => module.OutageAlertFormSchema);
const loadCodeSchema = () => alerts().then((module) => module.PhoneAlertCodeSchema);

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

/**
 * Moves focus to a step's notice as it appears in place of the form (GOV.UK's success banner): a
 * screen reader reads it, and the keyboard goes on from it, not from the button that is gone.
 * A function of the module, so that React calls it once as the notice mounts, not each render.
 */
const focusOnMount = (notice: HTMLElement | null) => notice?.focus();

/** Where the form is: its fields; a phone's code to type (the request kept to ask again); done. */
type Step =
  | { kind: 'form' }
  | { kind: 'code'; request: OutageAlertFormValues; message: string; sent: number }
  | { kind: 'confirmed'; message: string; towns: string[] };

interface OutageAlertFormProps {
  /** `outageAlertFormRules()`: every field's, the code's too. */
  rules: FieldRules<FormField>;
  /**
   * The radios of how the alerts arrive, their legend and each one's hint (`alertChannels`): from
   * the page, in its HTML rather than in the island's JavaScript, for the text form pages' budget of 75 KB.
   */
  channels: { legend: string; options: ChoiceOption[] };
  /**
   * The hints of the e-mail, the phone and its code, and what to say when the page has no towns
   * (`alertFormTexts`): from the page for the same budget.
   */
  texts: { email: string; phone: string; code: string; noTowns: string };
  /** The page's towns (ServerTownChoices), shown until the island has read them. */
  children?: ReactNode;
}

/**
 * /cortes/alertas: how the alerts arrive, the e-mail or the phone, and the towns, posted to
 * POST /api/cortes/alertas. An e-mail is confirmed by the link mailed to it; a phone, here, by
 * the code sent to it (posted to /confirmar with the phone).
 */
export default function OutageAlertForm({ rules, channels, texts, children }: OutageAlertFormProps) {
  const form = useSchemaForm(fields, rules, {
    schema: loadSchema,
    draftKey: 'draft:cortes-alertas',
    initial: { channel: 'correo' },
    toInput: (values) => ({ ...values, towns: townList(values.towns) }),
  });
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const codeForm = useSchemaForm(codeFields, rules, {
    schema: loadCodeSchema,
    toInput: (values) => ({ phone: step.kind === 'code' ? step.request.phone : '', code: values.code }),
  });
  // undefined until read, null when the page has none.
  const [towns, setTowns] = useState<Option[] | null>();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [resending, setResending] = useState(false);

  useEffect(() => setTowns(townsInPage()), []);

  /** Posts the subscription; a phone's success moves on to its code. */
  const subscribe = async (values: OutageAlertFormValues): Promise<SendOutcome> => {
    const { subscriptionRequest } = await alertForm();
    const answer = alerts().then((module) => module.OutageAlertDoneAnswerSchema);
    const json = subscriptionRequest(values);
    const result = await callApi('/api/cortes/alertas', answer, { method: 'POST', json });
    if (!result.ok) return refused(result);
    if (values.channel === 'correo') setOutcome({ kind: 'success', text: result.body.message });
    else setStep({ kind: 'code', request: values, message: result.body.message, sent: Date.now() });
    return { ok: true };
  };

  const confirm = async (data: { phone: string; code: string }): Promise<SendOutcome> => {
    const answer = alerts().then((module) => module.OutageAlertConfirmedAnswerSchema);
    const result = await callApi('/api/cortes/alertas/confirmar', answer, { method: 'POST', json: data });
    if (result.ok) {
      setStep({ kind: 'confirmed', message: result.body.message, towns: result.body.data.towns });
      return { ok: true };
    }
    // A wrong or spent code (404) and too many of them (429) are said on the field.
    if ((result.status === 404 || result.status === 429) && result.failure.error)
      return { ok: false, errors: { code: result.failure.error } };
    return refused(result);
  };

  const refused = (result: ApiFailed): SendOutcome => {
    if (result.status === 400 && result.failure.errors) return { ok: false, errors: result.failure.errors };
    setOutcome({ kind: 'error', text: result.failure.error ?? messages.genericError });
    return { ok: false };
  };

  const submitted = (send: () => void) => (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(undefined);
    send();
  };

  const failure = outcome?.kind === 'error' && (
    <p role="alert" className="form-error">
      {outcome.text}
    </p>
  );

  if (step.kind === 'confirmed')
    return (
      <div role="status" className="notice notice--success" ref={focusOnMount} tabIndex={-1}>
        <p>{step.message}</p>
        <ul>
          {step.towns.map((town) => (
            <li key={town}>{town}</li>
          ))}
        </ul>
      </div>
    );

  if (step.kind === 'code') {
    // The same request again: a new code, and the one before stops working.
    const again = async () => {
      setOutcome(undefined);
      codeForm.showErrors({});
      setResending(true);
      // A refusal shows as refused() shows it, but for a 400's field errors: only a town removed
      // since the first request could bring one, and the code step has no towns to show it on.
      await subscribe(step.request);
      setResending(false);
    };
    const busy = codeForm.sending || resending;
    return (
      <form
        ref={codeForm.formRef}
        className="form"
        noValidate
        onSubmit={submitted(() => void codeForm.submit(confirm))}
        aria-busy={busy}
      >
        <p key={step.sent} role="status" className="notice notice--success" ref={focusOnMount} tabIndex={-1}>
          {step.message}
        </p>
        <ErrorSummary errors={codeForm.errors} labels={codeForm.labels} />
        <Field {...codeForm.text('code')} hint={texts.code} />
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {codeForm.sending && <span className="spinner" aria-hidden="true" />}
            {codeForm.sending ? 'Enviando…' : 'Confirmar'}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void again()}>
            Pedir un código nuevo
          </button>
        </div>
        {failure}
      </form>
    );
  }

  const channel = form.values.channel as AlertChannel;
  const choice = form.choice('towns');
  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={submitted(() => void form.submit(subscribe))}
      aria-busy={form.sending}
    >
      {/* The summary names the group in a word: its legend is a question. */}
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <ChoiceField {...form.choice('channel')} label={channels.legend} options={channels.options} />
      {/* The field the chosen radio reveals: one phone for the three ways to a phone. */}
      {channel === 'correo' ? (
        <Field {...form.text('email')} hint={texts.email} />
      ) : (
        <Field {...form.text('phone')} hint={texts.phone} />
      )}
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
          {texts.noTowns}
        </p>
      )}
      <PrivacyNote section={channel === 'correo' ? 'avisos-de-cortes-por-correo' : 'avisos-de-cortes-por-telefono'} />
      <button type="submit" className="button" disabled={!form.ready || form.sending || !towns}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Suscribirme'}
      </button>
      <div role="status">{outcome?.kind === 'success' && <p className="notice notice--success">{outcome.text}</p>}</div>
      {failure}
    </form>
  );
}
