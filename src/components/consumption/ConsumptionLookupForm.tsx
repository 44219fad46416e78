import { PrivacyNote } from '../../islands/forms/PrivacyNote.tsx';
import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../ui/forms/Field.tsx';

const lookupFields = {
  service_number: {
    label: 'Número de servicio',
    hint: 'Aparece en su boleta, sin dígito verificador.',
  },
  rut: {
    label: 'RUT del titular',
    hint: 'El de la persona a cuyo nombre está la cuenta, por ejemplo 12.345.678-5.',
  },
} as const;
type LookupField = keyof typeof lookupFields;

interface ConsumptionLookupFormProps {
  /** What was typed, given back when the page refused it. */
  values?: Partial<Record<LookupField, string>>;
  errors?: Record<string, string>;
  /** A refusal of the whole form (too many attempts). */
  message?: string;
}

const ignore = () => undefined;

/**
 * /consumo's form, a plain HTML form posted to the page itself (src/filled-pages/consumption.ts):
 * no script, so it works on a phone that drops one, and what the server finds comes back in the
 * HTML. A refused form comes back with what was typed and why, GOV.UK's error summary on top.
 */
export function ConsumptionLookupForm({ values = {}, errors = {}, message }: ConsumptionLookupFormProps) {
  const labels = { service_number: lookupFields.service_number.label, rut: lookupFields.rut.label };
  return (
    <form className="form form--inline consumption-form" method="post" action="/consumo" noValidate>
      <ErrorSummary errors={errors} labels={labels} />
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <Field
        id="service_number"
        {...lookupFields.service_number}
        value={values.service_number ?? ''}
        onChange={ignore}
        error={errors.service_number}
        required
        maxLength={12}
        inputMode="numeric"
        autoComplete="off"
      />
      <Field
        id="rut"
        {...lookupFields.rut}
        value={values.rut ?? ''}
        onChange={ignore}
        error={errors.rut}
        required
        maxLength={12}
        autoComplete="off"
      />
      <PrivacyNote section="mi-consumo" />
      <button type="submit" className="button">
        Ver mi consumo
      </button>
    </form>
  );
}
