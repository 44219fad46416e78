import { useState, type ReactNode, type SubmitEvent } from 'react';
import { longDate } from '../../shared/time/long-date.ts';
import type { FieldRules } from '../../shared/fields.ts';
import { messages } from '../../shared/messages.ts';
import type { RightsRequestField } from '../../shared/rights/schema.ts';
import { rightsTexts } from '../../shared/rights/form/texts.ts';
import { callApi } from '../../ui/api.ts';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../ui/forms/Field.tsx';
import { useSchemaForm, type FieldSpec } from '../../ui/forms/use-schema-form.ts';
import { followUpLink } from '../cases/follow-up/follow-up-link.ts';
import { ChoiceField, type ChoiceOption } from '../forms/ChoiceField.tsx';
import { PrivacyNote } from '../forms/PrivacyNote.tsx';

const fields = {
  type: { label: rightsTexts.typeLegend },
  name: { label: 'Nombre completo', autoComplete: 'name' },
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    hint: 'Le enviaremos a este correo un enlace para confirmarlo, y después nuestra respuesta.',
  },
  rut: { label: 'RUT', hint: rightsTexts.rutHint },
  serviceNumber: { label: 'Número de servicio', hint: rightsTexts.serviceNumberHint },
  details: { label: 'Su solicitud', multiline: true, hint: rightsTexts.detailsHint },
} satisfies Record<RightsRequestField, FieldSpec>;

// The schema, and zod with it, load once the visitor starts on the form, not with the page.
const loadSchema = () => import('../../shared/rights/schema.ts').then((module) => module.RightsRequestSchema);
const loadAnswerSchema = () => import('../../shared/rights/schema.ts').then((module) => module.RightsRequestSentSchema);

interface SentRequest {
  reference: string;
  dueDate: string;
  /** Whether the link that confirms the e-mail was mailed (not past the address's daily cap). */
  confirmationSent: boolean;
}
type Outcome = ({ kind: 'sent' } & SentRequest) | { kind: 'error'; text: string };

interface RightsFormProps {
  /** `fieldRules(RightsRequestSchema)`. */
  rules: FieldRules<RightsRequestField>;
  /**
   * The six rights with their one sentence each (`rightTypes`), from the page: in its HTML rather
   * than in the island's JavaScript, which the text form pages' budget of 75 KB would not fit.
   */
  rights: ChoiceOption[];
  /**
   * What to do when the confirmation link was not mailed (`confirmationNotSentTexts`, with the
   * privacy mailbox and the phone as links): from the page, in its HTML, for the same budget.
   */
  children: ReactNode;
}

/**
 * /privacidad/derechos: a rights request (Ley 21.719), posted to POST /api/derechos. Once sent it
 * shows the reference and the last day to answer in words, and that nothing is looked at before
 * the requester confirms the e-mail; or, when the address had its day's share of our mails and no
 * link was mailed, that none is coming and what to do instead.
 */
export default function RightsForm({ rules, rights, children }: RightsFormProps) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema, draftKey: 'draft:derechos' });
  const [outcome, setOutcome] = useState<Outcome>();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(undefined);
    void form.submit(async (data) => {
      // Its schema says the answer carries the due date and whether the link was mailed: one
      // without them is a failure.
      const answer = await callApi('/api/derechos', loadAnswerSchema(), { method: 'POST', json: data });
      if (answer.ok) {
        const { reference, dueDate, confirmationSent } = answer.body.data;
        setOutcome({ kind: 'sent', reference, dueDate, confirmationSent });
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      setOutcome({ kind: 'error', text: answer.failure.error ?? messages.genericError });
      return { ok: false };
    });
  };

  const type = form.choice('type');
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      {/* The summary names the group in a word: its legend is a question. */}
      <ErrorSummary errors={form.errors} labels={{ ...form.labels, type: 'Derecho' }} />
      <ChoiceField {...type} options={rights} />
      <Field {...form.text('name')} />
      <Field {...form.text('email')} />
      <div className="form__row">
        <Field {...form.text('rut')} />
        <Field {...form.text('serviceNumber')} />
      </div>
      <Field {...form.text('details')} />
      <PrivacyNote section="solicitudes-de-derechos" rights={false} />
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar solicitud'}
      </button>
      <div role="status">{outcome?.kind === 'sent' && <Sent {...outcome} unsent={children} />}</div>
      {outcome?.kind === 'error' && (
        <p role="alert" className="form-error">
          {outcome.text}
        </p>
      )}
    </form>
  );
}

/**
 * What a sent request shows: its reference, the last day to answer, and the e-mail to confirm first;
 * without the mail, only the reference and what to do, since the request cannot be confirmed.
 */
function Sent({ reference, dueDate, confirmationSent, unsent }: SentRequest & { unsent: ReactNode }) {
  if (!confirmationSent)
    return (
      <div className="notice">
        <p>{rightsTexts.received(reference)}</p>
        {unsent}
      </div>
    );
  const followUp = followUpLink(reference);
  return (
    <div className="notice notice--success">
      <p>
        {rightsTexts.received(reference)} {rightsTexts.sent(longDate(dueDate))}
      </p>
      <p>{rightsTexts.confirmFirst}</p>
      <p>
        <a href={followUp.href}>{followUp.text}</a>
      </p>
    </div>
  );
}
