import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { chileLocalToIso, isoToChileLocal } from '../../../shared/chile-time.ts';
import { outageKindLabels, outageKinds, OutageInputSchema, outageMessages } from '../../../shared/outages.ts';
import type { AdminOutage } from '../../../shared/outages-admin.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
const chileTime = (message: string) => z.string().check(z.refine((value) => chileLocalToIso(value) !== '', message));
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
type FormInput = z.input<typeof OutageFormSchema>;
type FormOutput = z.output<typeof OutageFormSchema>;

type PointInput = NonNullable<FormInput['supplyPoints']>[number];
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
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(OutageFormSchema),
    defaultValues: outage
      ? {
          ...outage,
          startsAt: isoToChileLocal(outage.startsAt),
          endsAt: isoToChileLocal(outage.endsAt),
        }
      : { sectors: '', streets: '', cause: '', startsAt: '', endsAt: '', supplyPoints: [] },
    shouldFocusError: false,
  });
  const points = useFieldArray({ control: form.control, name: 'supplyPoints' });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      feedback.onStart();
      try {
        await onSave({ ...values, startsAt: chileLocalToIso(values.startsAt), endsAt: chileLocalToIso(values.endsAt) });
      } catch (error) {
        feedback.onFailure(error);
      }
    },
    // A supply point's errors are on its fields; the summary names the group and links to it.
    (invalid) =>
      feedback.onInvalid(
        invalid.supplyPoints && !invalid.supplyPoints.message
          ? { ...invalid, supplyPoints: { type: 'nested', message: 'Revise los puntos de abastecimiento.' } }
          : invalid,
      ),
  );
  const pointError = (index: number, field: keyof PointInput) => errors.supplyPoints?.[index]?.[field]?.message;

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormFeedback feedback={feedback} />
      <SelectInput
        label={labels.kind}
        placeholder="Seleccione el tipo"
        options={kindOptions}
        required
        error={errors.kind?.message}
        registration={form.register('kind')}
      />
      <SelectInput
        label={labels.town}
        placeholder={towns.isPending ? 'Cargando localidades…' : 'Seleccione la localidad'}
        options={(towns.data ?? []).map((item) => ({ value: item.slug, label: item.name }))}
        required
        error={errors.town?.message}
        // The towns arrive after the form: the saved one is chosen again once its option exists.
        registration={form.register('town')}
        key={towns.data ? 'towns' : 'loading'}
      />
      <TextAreaInput
        label={labels.sectors}
        hint="Los barrios o villas sin agua, como los verá el público."
        required
        error={errors.sectors?.message}
        registration={form.register('sectors')}
      />
      <TextAreaInput
        label={labels.streets}
        hint="Las calles afectadas, si se conocen."
        error={errors.streets?.message}
        registration={form.register('streets')}
      />
      <TextInput
        type="datetime-local"
        label={labels.startsAt}
        hint="Hora de Chile (Coyhaique)."
        required
        error={errors.startsAt?.message}
        registration={form.register('startsAt')}
      />
      <TextInput
        type="datetime-local"
        label={labels.endsAt}
        hint="Hora de Chile (Coyhaique)."
        required
        error={errors.endsAt?.message}
        registration={form.register('endsAt')}
      />
      <TextAreaInput
        label={labels.cause}
        hint="Por qué se corta el agua."
        error={errors.cause?.message}
        registration={form.register('cause')}
      />
      <fieldset id="supplyPoints" className="outage-points" tabIndex={-1}>
        <legend>{labels.supplyPoints}</legend>
        <p className="field__hint">Dónde obtener agua mientras dure el corte. Coordenadas en grados decimales.</p>
        {errors.supplyPoints?.message && (
          <p className="field__error" role="alert">
            {errors.supplyPoints.message}
          </p>
        )}
        {points.fields.map((point, index) => (
          <fieldset key={point.id} className="outage-point">
            <legend>Punto {index + 1}</legend>
            <TextInput
              label="Nombre"
              required
              error={pointError(index, 'name')}
              registration={form.register(`supplyPoints.${index}.name`)}
            />
            <TextInput
              label="Dirección"
              required
              error={pointError(index, 'address')}
              registration={form.register(`supplyPoints.${index}.address`)}
            />
            <div className="outage-point__coordinates">
              <TextInput
                label="Latitud"
                inputMode="decimal"
                required
                error={pointError(index, 'latitude')}
                registration={form.register(`supplyPoints.${index}.latitude`, { valueAsNumber: true })}
              />
              <TextInput
                label="Longitud"
                inputMode="decimal"
                required
                error={pointError(index, 'longitude')}
                registration={form.register(`supplyPoints.${index}.longitude`, { valueAsNumber: true })}
              />
            </div>
            <TextInput
              label="Horario"
              hint="Por ejemplo: 09:00 a 18:00."
              error={pointError(index, 'hours')}
              registration={form.register(`supplyPoints.${index}.hours`)}
            />
            <button type="button" className="link-button link-button--danger" onClick={() => points.remove(index)}>
              Quitar el punto {index + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" className="button button--secondary" onClick={() => points.append(emptyPoint)}>
          Agregar punto de abastecimiento
        </button>
      </fieldset>
      <SubmitButton pending={isSubmitting} label={submitLabel} />
    </form>
  );
}
