import * as z from 'zod/mini';
import { chileLocalToIso, isoToChileLocal } from '../../../shared/time/wall-clock.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import {
  outageAdminMessages,
  OutageSupplyTimesSchema,
  type AdminOutage,
} from '../../../shared/outages/admin/schema.ts';
import { causeClassLabels } from '../../../shared/outages/schema.ts';
import { forceMajeureNote, formatDuration, formatSupplyDays } from '../../../shared/outages/supply-days-texts.ts';
import { SummarySection } from '../../components/SummaryList.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { chileTime } from '../notices/notice-form.ts';
import { useOutageChange } from './outage-api.ts';

const labels = {
  supplyStoppedAt: 'Corte del suministro',
  supplyRestoredAt: 'Reposición del suministro',
  forceMajeureResolution: 'Resolución SISS de fuerza mayor',
  reason: 'Motivo de la corrección',
};
const TIME_HINT = 'Hora de Chile (Coyhaique).';

// The inputs hold Aysén's wall time, converted on submit as OutageForm does; the rest is the API's
// schema. The restore is asked for only once the outage is restablecido (en curso it has none).
const { forceMajeureResolution, reason } = OutageSupplyTimesSchema.shape;
const formSchema = (restored: boolean) =>
  z
    .object({
      supplyStoppedAt: chileTime(outageAdminMessages.supplyStopped),
      supplyRestoredAt: restored ? chileTime(outageAdminMessages.supplyRestored) : z.literal(''),
      forceMajeureResolution,
      reason,
    })
    .check(
      z.refine((value) => !restored || value.supplyRestoredAt > value.supplyStoppedAt, {
        path: ['supplyRestoredAt'],
        message: outageAdminMessages.supplyRestoredAfterStopped,
      }),
    );
const schemas = { en_curso: formSchema(false), restablecido: formSchema(true) };

const shown = (iso: string | null, missing: string) => (iso ? chileMinute(iso) : missing);

/**
 * "Horas reales": when the water really stopped and came back (the status changes recorded them),
 * the real duration, the cause class and art. 25 A's days without supply; and the form that
 * corrects them with a reason, for an outage en curso or restablecido.
 */
export function OutageRealTimes({ outage }: { outage: AdminOutage }) {
  if (outage.status !== 'en_curso' && outage.status !== 'restablecido') return null;
  const running = outage.status === 'en_curso';
  const pending = running ? 'Se calcula al restablecer el suministro' : 'Sin horas completas';
  return (
    <SummarySection
      id="horas-reales"
      title="Horas reales"
      className="outage-real-times"
      rows={[
        [labels.supplyStoppedAt, shown(outage.supplyStoppedAt, 'Sin registrar')],
        [labels.supplyRestoredAt, shown(outage.supplyRestoredAt, running ? 'Aún sin agua' : 'Sin registrar')],
        ['Duración real', outage.realHours === null ? pending : formatDuration(outage.realHours)],
        [
          'Clase de causa',
          outage.forceMajeureResolution
            ? `${causeClassLabels[outage.causeClass]} (${outage.forceMajeureResolution})`
            : causeClassLabels[outage.causeClass],
        ],
        [
          'Días sin suministro (art. 25 A)',
          outage.forceMajeureResolution
            ? forceMajeureNote(outage.forceMajeureResolution)
            : outage.supplyDays === null
              ? pending
              : formatSupplyDays(outage.supplyDays),
        ],
      ]}
    >
      <SupplyTimesForm key={outage.updatedAt} outage={outage} status={outage.status} />
    </SummarySection>
  );
}

function SupplyTimesForm({ outage, status }: { outage: AdminOutage; status: 'en_curso' | 'restablecido' }) {
  const correct = useOutageChange(outage.id, { method: 'PUT', path: '/supply' });
  const { form, field, ...shell } = useAdminForm({
    schema: schemas[status],
    labels,
    defaultValues: {
      supplyStoppedAt: outage.supplyStoppedAt ? isoToChileLocal(outage.supplyStoppedAt) : '',
      supplyRestoredAt: outage.supplyRestoredAt ? isoToChileLocal(outage.supplyRestoredAt) : '',
      forceMajeureResolution: outage.forceMajeureResolution ?? '',
      reason: '',
    },
    send: async (values) => {
      await correct.mutateAsync({
        ...values,
        supplyStoppedAt: chileLocalToIso(values.supplyStoppedAt),
        supplyRestoredAt: values.supplyRestoredAt && chileLocalToIso(values.supplyRestoredAt),
      });
      form.reset();
      return { kind: 'success', text: 'Horas reales guardadas.' };
    },
  });

  return (
    <AdminForm
      form={shell}
      aria-labelledby="corregir-horas"
      heading={<h3 id="corregir-horas">Corregir las horas reales</h3>}
    >
      <TextInput
        {...field('supplyStoppedAt')}
        type="datetime-local"
        hint={`${TIME_HINT} Se registró al marcar el corte en curso.`}
        required
      />
      {status === 'restablecido' && (
        <TextInput
          {...field('supplyRestoredAt')}
          type="datetime-local"
          hint={`${TIME_HINT} Se registró al marcar el corte restablecido.`}
          required
        />
      )}
      <TextInput
        {...field('forceMajeureResolution')}
        maxLength={200}
        hint="Si la SISS calificó el corte como fuerza mayor, el número de la resolución. Déjelo vacío si no."
      />
      <TextAreaInput
        {...field('reason')}
        hint="Queda en el registro de auditoría junto a las horas anteriores."
        required
      />
      <SubmitButton pending={shell.pending} label="Guardar horas reales" />
    </AdminForm>
  );
}
