import * as z from 'zod/mini';
import { chileLocalToIso, isoToChileLocal } from '../../../shared/time/wall-clock.ts';
import { outageKindLabels, outageKinds, OutageInputSchema, outageMessages } from '../../../shared/outages/schema.ts';
import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import type { NoticeFormProps } from '../notices/notice-kind.ts';
import { chileTime, supplyPointsGroup, useSupplyPoints } from '../notices/notice-form.ts';
import { NoticeForm } from '../notices/NoticeForm.tsx';
import { useTowns } from '../notices/towns-api.ts';

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

// The dates are Aysén's wall time (chileTime); the rest is the API's own schema.
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

/** What staff write about an outage, new or saved; `onSave` gets it as the API takes it. */
export function OutageForm({
  notice: outage,
  onSave,
  submitLabel,
}: NoticeFormProps<AdminOutage, z.output<typeof OutageInputSchema>>) {
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
    groups: supplyPointsGroup,
  });
  const points = useSupplyPoints(form);

  return (
    <NoticeForm
      shell={shell}
      submitLabel={submitLabel}
      supplyPoints={{
        legend: labels.supplyPoints,
        hint: 'Dónde obtener agua mientras dure el corte. Coordenadas en grados decimales.',
        hoursHint: 'Por ejemplo: 09:00 a 18:00.',
        field,
        ...points,
      }}
    >
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
    </NoticeForm>
  );
}
