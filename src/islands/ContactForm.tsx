import type { SubmitEvent } from 'react';
import { ContactSchema, type ContactField } from '../shared/contact.ts';
import { maxLengthOf } from '../shared/fields.ts';
import { messages } from '../shared/messages.ts';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { postJson } from './api.ts';
import { useSchemaForm } from './forms/use-schema-form.ts';
import { notify } from './notifications.ts';

const labels: Record<ContactField, string> = {
  name: 'Nombre',
  surname: 'Apellido',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  address: 'Dirección',
  city: 'Ciudad',
  reqs: 'Mensaje',
};

const empty: Record<ContactField, string> = { name: '', surname: '', email: '', phone: '', address: '', city: '', reqs: '' };
const required = new Set<ContactField>(['name', 'surname', 'email', 'reqs']);

/** /contacto (spec §2 Contact, §4): idle → sending → success or error, nothing typed is lost on failure. */
export default function ContactForm() {
  const form = useSchemaForm(ContactSchema, 'draft:contacto', empty);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async (message) => {
      const { status, body } = await postJson<{ data: { reference: string } }>('/api/contacto', message);
      if (status === 200 && body?.success === true) {
        notify({ kind: 'success', text: messages.sent, detail: `Número de referencia: ${body.data.reference}` });
        return { ok: true };
      }
      if (status === 400 && body?.errors) return { ok: false, errors: body.errors };
      notify({ kind: 'error', text: messages.genericError });
      return { ok: false };
    });
  };

  const field = (id: ContactField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={id}
      label={labels[id]}
      value={form.values[id]}
      onChange={(value) => form.setField(id, value)}
      error={form.errors[id]}
      required={required.has(id)}
      maxLength={maxLengthOf(ContactSchema.shape[id])}
      disabled={form.sending}
      {...extra}
    />
  );

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={labels} />
      <div className="form__row">
        {field('name', { autoComplete: 'given-name' })}
        {field('surname', { autoComplete: 'family-name' })}
      </div>
      <div className="form__row">
        {field('email', { type: 'email', autoComplete: 'email', hint: 'Le responderemos a este correo.' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
      </div>
      <div className="form__row">
        {field('address', { autoComplete: 'street-address' })}
        {field('city', { autoComplete: 'address-level2' })}
      </div>
      {field('reqs', { multiline: true })}
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
