import { useFieldArray } from 'react-hook-form';
import * as z from 'zod/mini';
import type { AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import {
  advisoryKindLabels,
  advisoryKinds,
  AdvisoryInputSchema,
  advisoryMessages,
  RESTRICTION_LEVELS,
  restrictionLevelRules,
  type AdvisoryInput,
  type RestrictionLevel,
} from '../../../shared/advisories/schema.ts';
import { chileLocalToIso, isoToChileLocal } from '../../../shared/time/wall-clock.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { OptionsInput } from '../../forms/OptionsInput.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useTowns } from '../outages/outage-api.ts';

const labels = {
  kind: 'Tipo de aviso',
  restrictionLevel: 'Nivel de la restricción',
  towns: 'Localidades',
  sectors: 'Sectores',
  startsAt: 'Desde',
  endsAt: 'Término esperado',
  instructions: 'Indicaciones para la población',
  supplyPoints: 'Puntos de abastecimiento de agua',
};
const kindOptions = advisoryKinds.map((kind) => ({ value: kind, label: advisoryKindLabels[kind] }));
// Each level with what it forbids, in the words /avisos and the mails use: its name before the
// rule's first colon ("Nivel 1 (preventivo)") as the label, the rest as the option's hint.
const levelOptions = RESTRICTION_LEVELS.map((level) => {
  const [name, forbids] = restrictionLevelRules[level].split(/: (.*)/s);
  return {
    value: String(level),
    label: forbids ? name! : `Nivel ${level}`,
    hint: forbids ? `${forbids.charAt(0).toUpperCase()}${forbids.slice(1)}` : restrictionLevelRules[level],
  };
});

// The date inputs hold Aysén's wall time ("2026-03-05T09:00"), converted to the instant with its
// offset on submit; a radio's value is text ('' when none is chosen); react-hook-form gives a
// group of checkboxes as the list of those checked. The rest is the API's own schema.
const chileTime = (message: string) => z.string().check(z.refine((value) => chileLocalToIso(value) !== '', message));
const checkedList = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);
const { kind, towns, sectors, instructions, supplyPoints } = AdvisoryInputSchema.shape;
const AdvisoryFormSchema = z
  .object({
    kind,
    restrictionLevel: z.string(),
    towns: z.pipe(z.transform(checkedList), towns),
    sectors,
    startsAt: chileTime(advisoryMessages.start),
    endsAt: z.string().check(z.refine((value) => value === '' || chileLocalToIso(value) !== '', advisoryMessages.end)),
    instructions,
    supplyPoints,
  })
  .check(
    z.refine((value) => value.kind !== 'restriccion' || /^[1-4]$/.test(value.restrictionLevel), {
      path: ['restrictionLevel'],
      message: advisoryMessages.level,
    }),
    z.refine((value) => value.endsAt === '' || value.endsAt > value.startsAt, {
      path: ['endsAt'],
      message: advisoryMessages.end,
    }),
  );
type PointInput = NonNullable<z.input<typeof AdvisoryFormSchema>['supplyPoints']>[number];
// The coordinates start empty (a number field with nothing typed), not at 0 or NaN on screen.
const emptyPoint = { name: '', address: '', hours: '' } as PointInput;

/** What staff write about a notice, new or saved; `onSave` gets it as the API takes it. */
export function AdvisoryForm({
  advisory,
  onSave,
  submitLabel,
}: {
  advisory?: AdminAdvisory;
  onSave: (input: AdvisoryInput) => Promise<unknown>;
  submitLabel: string;
}) {
  const townList = useTowns();
  const { form, field, ...shell } = useAdminForm({
    schema: AdvisoryFormSchema,
    labels,
    defaultValues: advisory
      ? {
          ...advisory,
          restrictionLevel: advisory.restrictionLevel === null ? '' : String(advisory.restrictionLevel),
          towns: advisory.towns.map((town) => town.slug),
          startsAt: isoToChileLocal(advisory.startsAt),
          endsAt: advisory.endsAt ? isoToChileLocal(advisory.endsAt) : '',
        }
      : { restrictionLevel: '', towns: [], sectors: '', startsAt: '', endsAt: '', instructions: '', supplyPoints: [] },
    send: async ({ restrictionLevel, ...values }) => {
      await onSave({
        ...values,
        restrictionLevel: values.kind === 'restriccion' ? (Number(restrictionLevel) as RestrictionLevel) : null,
        startsAt: chileLocalToIso(values.startsAt),
        endsAt: values.endsAt ? chileLocalToIso(values.endsAt) : null,
      });
    },
    groups: { supplyPoints: 'Revise los puntos de abastecimiento.' },
  });
  const points = useFieldArray({ control: form.control, name: 'supplyPoints' });
  const groupError = form.formState.errors.supplyPoints?.message;
  const restriction = form.watch('kind') === 'restriccion';

  return (
    <AdminForm form={shell}>
      <SelectInput {...field('kind')} placeholder="Seleccione el tipo" options={kindOptions} required />
      {restriction && (
        <OptionsInput
          {...field('restrictionLevel')}
          type="radio"
          options={levelOptions}
          hint="Lo que prohíbe cada nivel se publica con el aviso."
          required
        />
      )}
      {townList.isPending ? (
        <p className="muted">Cargando localidades…</p>
      ) : (
        <OptionsInput
          {...field('towns')}
          type="checkbox"
          options={(townList.data ?? []).map((town) => ({ value: town.slug, label: town.name }))}
          hint="Se avisará por correo a los suscriptores de cada una."
          required
        />
      )}
      <TextAreaInput
        {...field('sectors')}
        hint="Si el aviso no abarca toda la localidad: los barrios o villas, como los verá el público."
      />
      <TextInput {...field('startsAt')} type="datetime-local" hint="Hora de Chile (Coyhaique)." required />
      <TextInput
        {...field('endsAt')}
        type="datetime-local"
        hint="Hora de Chile (Coyhaique). Déjelo en blanco si aún no se sabe, por ejemplo hasta tener muestras limpias."
      />
      <TextAreaInput
        {...field('instructions')}
        hint="Qué debe hacer la población, en palabras simples: se publica en /avisos y va en los correos."
        required
      />
      <fieldset id="supplyPoints" className="outage-points" tabIndex={-1}>
        <legend>{labels.supplyPoints}</legend>
        <p className="field__hint">
          Dónde obtener agua segura mientras rija el aviso. Coordenadas en grados decimales.
        </p>
        {groupError && (
          <p className="field__error" role="alert">
            {groupError}
          </p>
        )}
        {points.fields.map((point, index) => (
          <fieldset key={point.id} className="outage-point">
            <legend>Punto {index + 1}</legend>
            <TextInput {...field(`supplyPoints.${index}.name`)} label="Nombre" required />
            <TextInput {...field(`supplyPoints.${index}.address`)} label="Dirección" required />
            <div className="outage-point__coordinates">
              <TextInput
                {...field(`supplyPoints.${index}.latitude`, { valueAsNumber: true })}
                label="Latitud"
                inputMode="decimal"
                required
              />
              <TextInput
                {...field(`supplyPoints.${index}.longitude`, { valueAsNumber: true })}
                label="Longitud"
                inputMode="decimal"
                required
              />
            </div>
            <TextInput {...field(`supplyPoints.${index}.hours`)} label="Horario" hint="Por ejemplo: 09:00 a 21:00." />
            <button type="button" className="link-button link-button--danger" onClick={() => points.remove(index)}>
              Quitar el punto {index + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" className="button button--secondary" onClick={() => points.append(emptyPoint)}>
          Agregar punto de abastecimiento
        </button>
      </fieldset>
      <SubmitButton pending={shell.pending} label={submitLabel} />
    </AdminForm>
  );
}
