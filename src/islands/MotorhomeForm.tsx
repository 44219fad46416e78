import { useEffect, useState, type SubmitEvent } from 'react';
import type { Commune } from '../shared/communes.ts';
import type { FieldRules } from '../shared/fields.ts';
import type { Country } from '../shared/countries.ts';
import { CHILE_ID, chileRegions } from '../shared/geo.ts';
import { messages } from '../shared/messages.ts';
import { MOTORHOME_SUCCESS_MS, motorhomeDefaults, motorhomeMessages, placeNames } from '../shared/motorhome/texts.ts';
import { callApi, submissionAnswer } from '../ui/api.ts';
import { followUpLink } from './cases/follow-up/follow-up-link.ts';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { FieldError } from '../ui/forms/FieldError.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { SelectField } from './forms/SelectField.tsx';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';
import { notify } from '../ui/notifications.ts';

const fields = {
  accepts: { label: 'Condiciones del servicio' },
  name: { label: 'Nombre', autoComplete: 'given-name' },
  surname: { label: 'Apellido', autoComplete: 'family-name' },
  rut: { label: 'RUT o pasaporte', hint: 'RUT con dígito verificador, o número de pasaporte.' },
  nationality: { label: 'Nacionalidad' },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'email' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel', hint: 'Con código de país si no es de Chile.' },
  country: { label: 'País de residencia' },
  region: { label: 'Región' },
  city: { label: 'Comuna' },
  realRegion: { label: 'Región o estado', required: true },
  realCity: { label: 'Ciudad', required: true },
  address: { label: 'Dirección', autoComplete: 'street-address' },
} satisfies Record<string, FieldSpec>;
type Values = Record<keyof typeof fields, string>;

const regionOptions = chileRegions.map((region) => ({ value: String(region.id), label: region.name }));

/**
 * The registration the schema checks, from the fields' strings: ids as numbers, names beside
 * them (the commune's among the chosen region's communes).
 */
function toRegistration(values: Values, communes: readonly Commune[], countries: readonly CountryName[]) {
  const ids = {
    nationality: Number(values.nationality),
    country: Number(values.country),
    region: Number(values.region),
    city: Number(values.city),
  };
  const names = placeNames({ ...ids, realRegion: values.realRegion, realCity: values.realCity }, communes, countries);
  return { ...values, ...ids, ...names, accepts: values.accepts === 'true' };
}

const loadSchema = () => import('../shared/motorhome/schema.ts').then((module) => module.MotorhomeSchema);
// Chile's 346 communes load only for a region other than the default one: the page stays light.
const communesOf = (region: number) => import('../shared/communes.ts').then((module) => module.communesOf(region));

type CountryName = Pick<Country, 'id' | 'name'>;

interface MotorhomeFormProps {
  /** `fieldRules(MotorhomeSchema)`. */
  rules: FieldRules;
  /** Every country's id and name, from the page: in its HTML, not in the island's JavaScript. */
  countries: CountryName[];
  /** The communes of the default region (motorhomeDefaults.region), which the form starts on. */
  defaultCommunes: Commune[];
}

/**
 * /motorhome (spec §2, §3, §4, §5): the three checks of §5 one at a time, in their order; the
 * success message shows for 10 seconds while the form stays locked, then the form unlocks.
 */
export default function MotorhomeForm({ rules, countries, defaultCommunes }: MotorhomeFormProps) {
  const [communes, setCommunes] = useState({ region: motorhomeDefaults.region as number, list: defaultCommunes });
  const form = useSchemaForm(fields, rules, {
    schema: loadSchema,
    draftKey: 'draft:motorhome',
    initial: Object.fromEntries(Object.entries(motorhomeDefaults).map(([id, value]) => [id, String(value)])),
    errorsShown: 'first',
    toInput: (values: Values) => toRegistration(values, communes.list, countries),
    holdAfterSuccessMs: MOTORHOME_SUCCESS_MS,
  });
  const [reference, setReference] = useState<string>();
  const followUp = reference ? followUpLink(reference) : undefined;
  const countryOptions = countries.map((country) => ({ value: String(country.id), label: country.name }));
  const chile = Number(form.values.country) === CHILE_ID;
  const region = Number(form.values.region);

  // Another region's communes (chosen, or kept in the draft) arrive after it is chosen; a failed
  // load leaves the list empty, and the schema asks for a commune from the list.
  useEffect(() => {
    if (!region || region === communes.region) return;
    let current = true;
    communesOf(region).then(
      (list) => current && setCommunes({ region, list }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [region]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async (registration) => {
      const answer = await callApi('/api/motorhome', submissionAnswer(), { method: 'POST', json: registration });
      if (answer.ok) {
        setReference(answer.body.data.reference);
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      notify({ kind: 'error', text: messages.genericError });
      return { ok: false };
    });
  };

  const sending = form.sending;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <div role="status">{form.held && <p className="notice notice--success">{motorhomeMessages.sent}</p>}</div>
      {/* Stays after the message goes (spec §4 times only the message), so the visitor can note it. */}
      {followUp && (
        <p className="form__reference">
          Número de referencia: {reference}. <a href={followUp.href}>{followUp.text}</a>
        </p>
      )}
      <div className="form__row">
        <Field {...form.text('name')} />
        <Field {...form.text('surname')} />
      </div>
      <div className="form__row">
        <Field {...form.text('rut')} />
        <SelectField {...form.select('nationality')} placeholder="Seleccione" options={countryOptions} />
      </div>
      <div className="form__row">
        <Field {...form.text('email')} />
        <Field {...form.text('phone')} />
      </div>
      <SelectField
        {...form.select('country')}
        placeholder="Seleccione"
        options={countryOptions}
        onChange={(country) => {
          const inChile = Number(country) === CHILE_ID;
          form.update({
            country,
            region: inChile ? String(motorhomeDefaults.region) : '',
            city: inChile ? String(motorhomeDefaults.city) : '',
          });
        }}
      />
      {chile ? (
        <div className="form__row">
          <SelectField
            {...form.select('region')}
            placeholder="Seleccione"
            options={regionOptions}
            onChange={(region) => form.update({ region, city: '' })}
          />
          <SelectField
            {...form.select('city')}
            placeholder="Seleccione"
            options={(communes.region === region ? communes.list : []).map((commune) => ({
              value: String(commune.id),
              label: commune.name,
            }))}
          />
        </div>
      ) : (
        <div className="form__row">
          <Field {...form.text('realRegion')} />
          <Field {...form.text('realCity')} />
        </div>
      )}
      <Field {...form.text('address')} />
      <div className={`field${form.errors.accepts ? ' field--error' : ''}`}>
        <FieldError field="accepts" message={form.errors.accepts} />
        <label className="checkbox">
          <input
            type="checkbox"
            id="accepts"
            name="accepts"
            value="true"
            checked={form.values.accepts === 'true'}
            disabled={form.disabled}
            aria-describedby={form.errors.accepts ? 'accepts-error' : undefined}
            aria-invalid={form.errors.accepts ? true : undefined}
            onChange={(event) => form.update({ accepts: event.target.checked ? 'true' : '' })}
          />
          Acepto las condiciones del servicio de descarga: usaré el punto solo para aguas servidas domésticas de mi
          vehículo, en el horario de atención y siguiendo las instrucciones del operador.
        </label>
      </div>
      <PrivacyNote section="registro-de-casas-rodantes" />
      <button type="submit" className="button" disabled={!form.ready || form.disabled}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
