import * as z from 'zod/mini';
import { RightsRectificationSchema } from '../../../shared/rights/desk/schema.ts';
import { correctableFields } from '../../../shared/rights/desk/texts.ts';
import type { FoundRecord } from '../../../shared/rights/records/schema.ts';
import { recordSources, type RecordSource } from '../../../shared/rights/records/texts.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useRightsAction } from './rights-api.ts';

const fieldsOf = (source: RecordSource): Record<string, string> => correctableFields[source];

const labels = { record: 'Registro', field: 'Dato', value: 'Valor corregido' };

// The record is chosen as "source:id" in one select; the API takes them apart.
const RectificationFormSchema = z.object({
  record: z.string().check(z.minLength(1, 'Elija el registro que se corrige.')),
  field: RightsRectificationSchema.shape.field,
  value: RightsRectificationSchema.shape.value,
});

/** Rectificación: one field of one record found, corrected as the person asked. */
export function RectificationForm({ caseId, records }: { caseId: string; records: FoundRecord[] }) {
  const rectify = useRightsAction(caseId, 'rectification');
  const correctable = records.filter((record) => Object.keys(fieldsOf(record.source)).length > 0);
  const { form, field, ...shell } = useAdminForm({
    schema: RectificationFormSchema,
    labels,
    defaultValues: { record: '', field: '', value: '' },
    send: async ({ record, field: name, value }) => {
      const [source, id] = record.split(':');
      await rectify.mutateAsync({ source, id, field: name, value });
      form.reset();
      return { kind: 'success', text: 'Dato corregido.' };
    },
  });
  const chosen = records.find((record) => `${record.source}:${record.id}` === form.watch('record'));
  if (correctable.length === 0) return null;

  return (
    <AdminForm form={shell} aria-labelledby="rectificar" heading={<h3 id="rectificar">Rectificar un dato</h3>}>
      <SelectInput
        {...field('record')}
        placeholder="Elija un registro"
        required
        options={correctable.map((record) => ({
          value: `${record.source}:${record.id}`,
          label: `${recordSources[record.source]}${record.reference ? ` ${record.reference}` : ''}`,
        }))}
      />
      <SelectInput
        {...field('field')}
        placeholder="Elija el dato"
        required
        options={Object.entries(chosen ? fieldsOf(chosen.source) : {}).map(([value, label]) => ({
          value,
          label,
        }))}
      />
      <TextInput {...field('value')} required />
      <SubmitButton pending={shell.pending} label="Guardar la corrección" />
    </AdminForm>
  );
}
