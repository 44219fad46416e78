import { useState, type SubmitEvent } from 'react';
import { paymentMessages, formatAmount } from '../shared/payments/texts.ts';
import { formatDate } from '../shared/time/format.ts';
import type { Balance } from '../shared/payments/schema.ts';
import type { FieldRules } from '../shared/fields.ts';
import { callApi } from '../ui/api.ts';
import { Field } from '../ui/forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  service_number: {
    label: 'Número de servicio',
    hint: 'Aparece en su boleta, sin dígito verificador.',
    inputMode: 'numeric',
    autoComplete: 'off',
  },
} satisfies Record<'service_number', FieldSpec>;

/**
 * /boleta (spec §2 Mi boleta, §7 POST /api/ticket, §8); spec §5: the number is sent unchecked,
 * so only the answer's schema loads, with the request. `rules`: `fieldRules(TicketRequestSchema)`.
 */
export default function BalanceLookup({ rules }: { rules: FieldRules<'service_number'> }) {
  const form = useSchemaForm(fields, rules, { draftKey: 'draft:boleta', clearOnSuccess: false });
  const [result, setResult] = useState<Balance>();
  const [error, setError] = useState<string>();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    setResult(undefined);
    void form.submit(async (request) => {
      const answer = await callApi(
        '/api/ticket',
        import('../shared/payments/schema.ts').then((module) => module.BalanceAnswerSchema),
        { method: 'POST', json: request },
      );
      if (answer.ok) {
        setResult(answer.body.data);
        return { ok: true };
      }
      // Spec §8: a status other than 200 → 'No se pudo cargar la información'; success false → the server's text.
      setError(
        answer.status === 200 ? answer.failure.message || paymentMessages.balanceFailed : paymentMessages.balanceFailed,
      );
      return { ok: false };
    });
  };

  return (
    <div className="balance">
      <form ref={form.formRef} className="form form--inline" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <Field {...form.text('service_number')} />
        <button type="submit" className="button" disabled={!form.ready || form.sending}>
          {form.sending && <span className="spinner" aria-hidden="true" />}
          Consultar Saldo
        </button>
      </form>
      <PrivacyNote section="consulta-de-saldo" />
      <div aria-live="polite">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {result && (
          <dl className="balance__result">
            <div>
              <dt>Saldo</dt>
              <dd>{formatAmount(result.saldo)}</dd>
            </div>
            <div>
              <dt>Dirección de instalación</dt>
              <dd>{result.install_address}</dd>
            </div>
            <div>
              <dt>Fecha de vencimiento</dt>
              <dd>{result.expiration_date ? formatDate(result.expiration_date) : 'Sin vencimiento pendiente'}</dd>
            </div>
            {result.doc_url && (
              <div>
                <dt>Boleta</dt>
                <dd>
                  <a href={result.doc_url} target="_blank" rel="noopener">
                    Ver boleta<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </div>
  );
}
