import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { caseStatuses, CaseUpdateSchema, type CaseDetailAnswer } from '../../../shared/cases.ts';
import { notify } from '../../../ui/notifications.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm<z.input<typeof WorkFormSchema>, unknown, z.output<typeof WorkFormSchema>>({
    resolver: zodResolver(WorkFormSchema),
    values: { status: item.status, assigneeId: item.assignee_id ?? '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await change.mutateAsync(values);
      notify({ kind: 'success', text: 'Caso actualizado.' });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form case-work"
      noValidate
      aria-labelledby="gestion"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <h2 id="gestion">Estado y asignación</h2>
      <FormFeedback feedback={feedback} />
      <div className="case-work__fields">
        <SelectInput
          label={labels.status}
          placeholder="Elija un estado"
          required
          options={statusOptions}
          error={errors.status?.message}
          registration={form.register('status')}
        />
        <SelectInput
          label={labels.assigneeId}
          placeholder="Sin asignar"
          options={assignees.map((admin) => ({ value: admin.id, label: admin.name }))}
          error={errors.assigneeId?.message}
          registration={form.register('assigneeId')}
        />
      </div>
      <SubmitButton pending={isSubmitting} label="Guardar" />
    </form>
  );
}
