import * as z from 'zod/mini';
import { caseStatuses, CaseUpdateSchema, type CaseDetailAnswer } from '../../../shared/cases/schema.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useCaseChange } from './case-api.ts';

const labels = { status: 'Estado', assigneeId: 'Asignado a' };
const statusOptions = Object.entries(caseStatuses).map(([value, label]) => ({ value, label }));

const WorkFormSchema = z.object({
  status: CaseUpdateSchema.shape.status.def.innerType,
  // The select's first choice, Sin asignar, is '': nobody.
  assigneeId: z.pipe(
    z.pipe(
      z.string(),
      z.transform((id) => id || null),
    ),
    CaseUpdateSchema.shape.assigneeId.def.innerType,
  ),
});

/** Estado and Asignado a (PUT /api/admin/cases/{id}): any status, any administrator or nobody. */
export function CaseWorkForm({ answer }: { answer: CaseDetailAnswer }) {
  const { case: item, assignees } = answer;
  const change = useCaseChange(item.id, { method: 'PUT', path: '' });
  // `values`: the form follows the case as each change answers it (a reply makes it Respondido).
  const { field, ...shell } = useAdminForm({
    schema: WorkFormSchema,
    labels,
    values: { status: item.status, assigneeId: item.assignee_id ?? '' },
    send: async (values) => {
      await change.mutateAsync(values);
      return { kind: 'success', text: 'Caso actualizado.' };
    },
  });

  return (
    <AdminForm
      form={shell}
      className="form case-work"
      aria-labelledby="gestion"
      heading={<h2 id="gestion">Estado y asignación</h2>}
    >
      <div className="case-work__fields">
        <SelectInput {...field('status')} placeholder="Elija un estado" required options={statusOptions} />
        <SelectInput
          {...field('assigneeId')}
          placeholder="Sin asignar"
          options={assignees.map((admin) => ({ value: admin.id, label: admin.name }))}
        />
      </div>
      <SubmitButton pending={shell.pending} label="Guardar" />
    </AdminForm>
  );
}
