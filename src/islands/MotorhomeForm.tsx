import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { fieldErrors } from '../shared/fields.ts';
import { allCountries, CHILE_ID, chileRegions, communesOf } from '../shared/geo.ts';
import { messages } from '../shared/messages.ts';
import {
  MOTORHOME_SUCCESS_MS,
  motorhomeDefaults,
  motorhomeMessages,
  MotorhomeSchema,
  placeNames,
} from '../shared/motorhome.ts';
import { postJson } from './api.ts';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { FieldError } from './forms/FieldError.tsx';
import { SelectField } from './forms/SelectField.tsx';
import { useDraft } from './forms/use-draft.ts';
import { notify } from './notifications.ts';

const empty = {
  name: '',
  surname: '',
  rut: '',
  email: '',
  phone: '',
  address: '',
  realRegion: '',
  realCity: '',
  accepts: '',
  nationality: String(motorhomeDefaults.nationality),
  country: String(motorhomeDefaults.country),
  region: String(motorhomeDefaults.region),
  city: String(motorhomeDefaults.city),
};
type Values = typeof empty;

// The error summary lists the spec's three checks first, in their order (spec §5).
const labels: Record<string, string> = {
  accepts: 'Condiciones del servicio',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  name: 'Nombre',
  surname: 'Apellido',
  rut: 'RUT o pasaporte',
  nationality: 'Nacionalidad',
  country: 'País de residencia',
  region: 'Región',
  city: 'Comuna',
  realRegion: 'Región o estado',
  realCity: 'Ciudad',
  address: 'Dirección',
};

const countryOptions = allCountries.map((country) => ({ value: String(country.id), label: country.name }));
const regionOptions = chileRegions.map((region) => ({ value: String(region.id), label: region.name }));

const toRegistration = (values: Values) => {
  const ids = {
    nationality: Number(values.nationality),
    country: Number(values.country),
    region: Number(values.region),
    city: Number(values.city),
  };
  return {
    ...values,
    ...ids,
    accepts: values.accepts === 'true',
    ...placeNames({ ...ids, realRegion: values.realRegion, realCity: values.realCity }),
  };
};

/** /motorhome (spec §2, §3, §4, §5): validate, then the submitted state sends; success shows 10 s. */
export default function MotorhomeForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useDraft('draft:motorhome', empty, formRef);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const values = draft.values;
  const set = (name: keyof Values) => (value: string) => draft.update({ ...values, [name]: value });
  const chile = Number(values.country) === CHILE_ID;

  // Spec §4: the submitted state is what triggers the POST.
  useEffect(() => {
    if (!submitted) return;
    let unlock: ReturnType<typeof setTimeout> | undefined;
    void postJson<{ data: { reference: string } }>('/api/motorhome', toRegistration(values)).then(
      ({ status, body }) => {
        if (status === 200 && body?.success === true) {
          setSucceeded(true);
          draft.clear();
          notify({
            kind: 'success',
            text: motorhomeMessages.sent,
            detail: `Número de referencia: ${body.data.reference}`,
          });
          unlock = setTimeout(() => {
            setSucceeded(false);
            setSubmitted(false);
          }, MOTORHOME_SUCCESS_MS);
          return;
        }
        if (status === 400 && body?.errors) setErrors(body.errors);
        else notify({ kind: 'error', text: messages.genericError });
        setSubmitted(false);
      },
    );
    return () => clearTimeout(unlock);
  }, [submitted]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MotorhomeSchema.safeParse(toRegistration(values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitted(true);
  };

  const locked = submitted || succeeded;
  const field = (id: keyof Values, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={id}
      label={label}
      value={values[id]}
      onChange={set(id)}
      error={errors[id]}
      required
      disabled={locked}
      {...extra}
    />
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={submitted && !succeeded}>
      <ErrorSummary errors={errors} labels={labels} />
      {succeeded && (
        <p className="notice notice--success" role="status">
          {motorhomeMessages.sent}
        </p>
      )}
      <div className="form__row">
        {field('name', 'Nombre', { autoComplete: 'given-name', maxLength: 50 })}
        {field('surname', 'Apellido', { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      <div className="form__row">
        {field('rut', 'RUT o pasaporte', { hint: 'RUT con dígito verificador, o número de pasaporte.', maxLength: 20 })}
        <SelectField
          id="nationality"
          label="Nacionalidad"
          placeholder="Seleccione"
          value={values.nationality}
          options={countryOptions}
          onChange={set('nationality')}
          error={errors.nationality}
          disabled={locked}
        />
      </div>
      <div className="form__row">
        {field('email', 'Correo electrónico', { type: 'email', autoComplete: 'email', maxLength: 80 })}
        {field('phone', 'Teléfono', {
          type: 'tel',
          autoComplete: 'tel',
          hint: 'Con código de país si no es de Chile.',
          maxLength: 20,
        })}
      </div>
      <SelectField
        id="country"
        label="País de residencia"
        placeholder="Seleccione"
        value={values.country}
        options={countryOptions}
        onChange={(country) =>
          draft.update({
            ...values,
            country,
            region: Number(country) === CHILE_ID ? String(motorhomeDefaults.region) : '',
            city: Number(country) === CHILE_ID ? String(motorhomeDefaults.city) : '',
          })
        }
        error={errors.country}
        disabled={locked}
      />
      {chile ? (
        <div className="form__row">
          <SelectField
            id="region"
            label="Región"
            placeholder="Seleccione"
            value={values.region}
            options={regionOptions}
            onChange={(region) => draft.update({ ...values, region, city: '' })}
            error={errors.region}
            disabled={locked}
          />
          <SelectField
            id="city"
            label="Comuna"
            placeholder="Seleccione"
            value={values.city}
            options={communesOf(Number(values.region)).map((commune) => ({
              value: String(commune.id),
              label: commune.name,
            }))}
            onChange={set('city')}
            error={errors.city}
            disabled={locked}
          />
        </div>
      ) : (
        <div className="form__row">
          {field('realRegion', 'Región o estado', { maxLength: 80 })}
          {field('realCity', 'Ciudad', { maxLength: 80 })}
        </div>
      )}
      {field('address', 'Dirección', { autoComplete: 'street-address', maxLength: 150 })}
      <div className={`field${errors.accepts ? ' field--error' : ''}`}>
        <FieldError field="accepts" message={errors.accepts} />
        <label className="checkbox">
          <input
            type="checkbox"
            id="accepts"
            name="accepts"
            value="true"
            checked={values.accepts === 'true'}
            disabled={locked}
            aria-describedby={errors.accepts ? 'accepts-error' : undefined}
            aria-invalid={errors.accepts ? true : undefined}
            onChange={(event) => set('accepts')(event.target.checked ? 'true' : '')}
          />
          Acepto las condiciones del servicio de descarga: usaré el punto solo para aguas servidas domésticas de mi
          vehículo, en el horario de atención y siguiendo las instrucciones del operador.
        </label>
      </div>
      <button type="submit" className="button" disabled={!draft.ready || locked}>
        {submitted && !succeeded && <span className="spinner" aria-hidden="true" />}
        {submitted && !succeeded ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
