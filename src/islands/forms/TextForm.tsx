import type { SubmitEvent } from 'react';
import type { z } from 'zod';
import { maxLengthOf } from '../../shared/fields.ts';
import { messages } from '../../shared/messages.ts';
import { postJson } from '../api.ts';
import { notify } from '../notifications.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { Field } from './Field.tsx';
import { useSchemaForm } from './use-schema-form.ts';

export interface TextFieldSpec<F extends string> {
  id: F;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  hint?: string;
  multiline?: boolean;
}

interface TextFormProps<F extends string> {
  schema: z.ZodObject;
  endpoint: string;
  /** sessionStorage key of the draft. */
  draftKey: string;
  /** The fields, in rows: a row of two shows side by side on wide screens. */
  rows: TextFieldSpec<F>[][];
  /** False where the spec has the browser send without checking (§5: the complaint form). */
  checkInBrowser?: boolean;
}

/**
 * A form of text fields posted as JSON (spec §4 contact and complaint): idle → sending (button
 * disabled, spinner) → success ('Mensaje enviado.', fields cleared) or error (the spec's
 * message, everything typed kept).
 */
export function TextForm<F extends string>({
  schema,
  endpoint,
  draftKey,
  rows,
  checkInBrowser = true,
}: TextFormProps<F>) {
  const fields = rows.flat();
  const empty = Object.fromEntries(fields.map((field) => [field.id, ''])) as Record<F, string>;
  const labels = Object.fromEntries(fields.map((field) => [field.id, field.label])) as Record<F, string>;
  const form = useSchemaForm(schema, draftKey, empty, { checkInBrowser });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async (data) => {
      const { status, body } = await postJson<{ data: { reference: string } }>(endpoint, data);
      if (status === 200 && body?.success === true) {
        notify({ kind: 'success', text: messages.sent, detail: `Número de referencia: ${body.data.reference}` });
        return { ok: true };
      }
      if (status === 400 && body?.errors) return { ok: false, errors: body.errors };
      notify({ kind: 'error', text: messages.genericError });
      return { ok: false };
    });
  };

  const field = (spec: TextFieldSpec<F>) => (
    <Field
      key={spec.id}
      id={spec.id}
      label={spec.label}
      value={form.values[spec.id]}
      onChange={(value) => form.setField(spec.id, value)}
      error={form.errors[spec.id]}
      required={spec.required ?? false}
      maxLength={maxLengthOf(schema.shape[spec.id] as z.ZodType)}
      disabled={form.sending}
      {...(spec.type ? { type: spec.type } : {})}
      {...(spec.autoComplete ? { autoComplete: spec.autoComplete } : {})}
      {...(spec.hint ? { hint: spec.hint } : {})}
      {...(spec.multiline ? { multiline: true } : {})}
    />
  );

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={labels} />
      {rows.map((row, index) =>
        row.length > 1 ? (
          <div key={index} className="form__row">
            {row.map(field)}
          </div>
        ) : (
          field(row[0]!)
        ),
      )}
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
