import { useEffect, type SubmitEvent } from 'react';
import type * as z from 'zod/mini';
import type { FieldRules } from '../../shared/fields.ts';
import { messages } from '../../shared/messages.ts';
import { callApi, submissionAnswer } from '../../ui/api.ts';
import { followUpLink } from '../cases/follow-up/follow-up-link.ts';
import { notify } from '../../ui/notifications.ts';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../ui/forms/Field.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from '../../ui/forms/use-schema-form.ts';

interface TextFormProps<F extends string> {
  /** Loads the shared schema that checks the form before it is sent; none where the spec has the browser send unchecked (§5: the complaint form). */
  schema?: () => Promise<z.ZodMiniObject>;
  /** `fieldRules` of the schema, from the page. */
  rules: FieldRules<F>;
  endpoint: string;
  /** sessionStorage key of the draft. */
  draftKey: string;
  fields: Record<F, FieldSpec>;
  /** The fields' order, in rows: a row of two shows side by side on wide screens. */
  rows: F[][];
  /** The part of the privacy notice about this form (PrivacyNote). */
  privacySection: string;
  /** Values a link may bring in its query (a reclamo from /consumo), put only in fields left empty. */
  prefill?: (query: URLSearchParams) => Partial<Record<F, string>>;
}

/**
 * A form of text fields posted as JSON (spec §4 contact and complaint): idle → sending (button
 * disabled, spinner) → success ('Mensaje enviado.', fields cleared) or error (the spec's
 * message, everything typed kept).
 */
export function TextForm<F extends string>({
  schema,
  rules,
  endpoint,
  draftKey,
  fields,
  rows,
  privacySection,
  prefill,
}: TextFormProps<F>) {
  const form = useSchemaForm(fields, rules, { draftKey, ...(schema ? { schema } : {}) });

  // Once the draft is read: what the visitor typed before wins over what a link brings.
  useEffect(() => {
    if (!form.ready || !prefill) return;
    const brought = Object.entries(prefill(new URLSearchParams(window.location.search))) as [F, string][];
    const empty = brought.filter(([id, value]) => value && !form.values[id]);
    if (empty.length > 0) form.update(Object.fromEntries(empty) as Partial<Record<F, string>>);
  }, [form.ready]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async (data) => {
      const answer = await callApi(endpoint, submissionAnswer(), { method: 'POST', json: data });
      if (answer.ok) {
        const { reference } = answer.body.data;
        notify({
          kind: 'success',
          text: messages.sent,
          detail: `Número de referencia: ${reference}`,
          link: followUpLink(reference),
        });
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      notify({ kind: 'error', text: messages.genericError });
      return { ok: false };
    });
  };

  const field = (id: F) => <Field key={id} {...form.text(id)} />;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={form.labels} />
      {rows.map((row) =>
        row.length > 1 ? (
          <div key={row.join()} className="form__row">
            {row.map(field)}
          </div>
        ) : (
          field(row[0]!)
        ),
      )}
      <PrivacyNote section={privacySection} />
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
