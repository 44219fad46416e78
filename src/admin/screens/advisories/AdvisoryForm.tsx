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
import { OptionsInput } from '../../forms/OptionsInput.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import type { NoticeFormProps } from '../notices/notice-kind.ts';
import { chileTime, supplyPointsGroup, useSupplyPoints } from '../notices/notice-form.ts';
import { NoticeForm } from '../notices/NoticeForm.tsx';
import { useTowns } from '../notices/towns-api.ts';

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

// The dates are Aysén's wall time (chileTime); a radio's value is text ('' when none is chosen);
// react-hook-form gives a group of checkboxes as the list of those checked. The rest is the API's
// own schema.
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

/** What staff write about a notice, new or saved; `onSave` gets it as the API takes it. */
export function AdvisoryForm({ notice: advisory, onSave, submitLabel }: NoticeFormProps<AdminAdvisory, AdvisoryInput>) {
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
    groups: supplyPointsGroup,
  });
  const points = useSupplyPoints(form);
  const restriction = form.watch('kind') === 'restriccion';

  return (
    <NoticeForm
      shell={shell}
      submitLabel={submitLabel}
      supplyPoints={{
        legend: labels.supplyPoints,
        hint: 'Dónde obtener agua segura mientras rija el aviso. Coordenadas en grados decimales.',
        hoursHint: 'Por ejemplo: 09:00 a 21:00.',
        field,
        ...points,
      }}
    >
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
    </NoticeForm>
  );
}
