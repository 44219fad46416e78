import { useFieldArray } from 'react-hook-form';
import * as z from 'zod/mini';
import { chileLocalToIso, isoToChileLocal } from '../../../shared/time/wall-clock.ts';
import { outageKindLabels, outageKinds, OutageInputSchema, outageMessages } from '../../../shared/outages/schema.ts';
import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useTowns } from './outage-api.ts';

const labels = {
  kind: 'Tipo de corte',
  town: 'Localidad',
  sectors: 'Sectores afectados',
  streets: 'Calles',
  startsAt: 'Inicio',
  endsAt: 'Reposición estimada',
  cause: 'Causa',
  supplyPoints: 'Puntos de abastecimiento de emergencia',
};
const kindOptions = outageKinds.map((kind) => ({ value: kind, label: outageKindLabels[kind] }));

// The date inputs hold Chile's wall time ("2026-03-05T09:00"); the API takes the instant with its
// offset, converted on submit. The rest is the API's own schema.
export const chileTime = (message: string) =>
  z.string().check(z.refine((value) => chileLocalToIso(value) !== '', message));
const { kind, town, sectors, streets, cause, supplyPoints } = OutageInputSchema.shape;
const OutageFormSchema = z
  .object({
    kind,
    town,
    sectors,
    streets,
    cause,
    supplyPoints,
    startsAt: chileTime(outageMessages.start),
    endsAt: chileTime(outageMessages.end),
  })
  .check(
    z.refine((value) => chileLocalToIso(value.endsAt) > '' && value.endsAt > value.startsAt, {
      path: ['endsAt'],
      message: outageMessages.endAfterStart,
    }),
  );
type PointInput = NonNullable<z.input<typeof OutageFormSchema>['supplyPoints']>[number];
// The coordinates start empty (a number field with nothing typed), not at 0 or NaN on screen.
const emptyPoint = { name: '', address: '', hours: '' } as PointInput;

/** What staff write about an outage, new or saved; `onSave` gets it as the API takes it. */
export function OutageForm({
  outage,
  onSave,
  submitLabel,
}: {
  outage?: AdminOutage;
  onSave: (input: z.output<typeof OutageInputSchema>) => Promise<unknown>;
  submitLabel: string;
}) {
  const towns = useTowns();
  const { form, field, ...shell } = useAdminForm({
    schema: OutageFormSchema,
    labels,
    defaultValues: outage
      ? {
          ...outage,
          startsAt: isoToChileLocal(outage.startsAt),
          endsAt: isoToChileLocal(outage.endsAt),
        }
      : { sectors: '', streets: '', cause: '', startsAt: '', endsAt: '', supplyPoints: [] },
    send: async (values) => {
      await onSave({ ...values, startsAt: chileLocalToIso(values.startsAt), endsAt: chileLocalToIso(values.endsAt) });
    },
    groups: { supplyPoints: 'Revise los puntos de abastecimiento.' },
  });
  const points = useFieldArray({ control: form.control, name: 'supplyPoints' });
  const groupError = form.formState.errors.supplyPoints?.message;

  return (
    <AdminForm form={shell}>
      <SelectInput {...field('kind')} placeholder="Seleccione el tipo" options={kindOptions} required />
      <SelectInput
        {...field('town')}
        placeholder={towns.isPending ? 'Cargando localidades…' : 'Seleccione la localidad'}
        options={(towns.data ?? []).map((item) => ({ value: item.slug, label: item.name }))}
        required
        // The towns arrive after the form: the saved one is chosen again once its option exists.
        key={towns.data ? 'towns' : 'loading'}
      />
      <TextAreaInput {...field('sectors')} hint="Los barrios o villas sin agua, como los verá el público." required />
      <TextAreaInput {...field('streets')} hint="Las calles afectadas, si se conocen." />
      <TextInput {...field('startsAt')} type="datetime-local" hint="Hora de Chile (Coyhaique)." required />
      <TextInput {...field('endsAt')} type="datetime-local" hint="Hora de Chile (Coyhaique)." required />
      <TextAreaInput {...field('cause')} hint="Por qué se corta el agua." />
      <fieldset id="supplyPoints" className="outage-points" tabIndex={-1}>
        <legend>{labels.supplyPoints}</legend>
        <p className="field__hint">Dónde obtener agua mientras dure el corte. Coordenadas en grados decimales.</p>
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
            <TextInput {...field(`supplyPoints.${index}.hours`)} label="Horario" hint="Por ejemplo: 09:00 a 18:00." />
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
