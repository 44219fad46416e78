import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { CaseNoteSchema, CaseReplySchema, SISS_SENTENCE, type CaseDetail } from '../../../shared/cases.ts';
import { notify } from '../../../islands/notifications.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { useCaseChange } from './case-api.ts';

// Both forms are on one screen: each names its text field after itself (a control's id is its
// field's name) and sends it as the API's `body`.
const NoteFormSchema = z.object({ note: CaseNoteSchema.shape.body });
const ReplyFormSchema = z.object({ reply: CaseReplySchema.shape.body });

interface EntryFormProps {
  caseId: string;
  field: 'note' | 'reply';
  schema: z.ZodMiniType<Record<string, string>, Record<string, string>>;
  title: string;
  label: string;
  hint: string;
  /** Below the text: what the server adds to it. */
  after?: ReactNode;
  button: string;
  pendingButton: string;
  done: { text: string; detail?: string };
}

function EntryForm({ caseId, field, schema, title, label, hint, after, button, pendingButton, done }: EntryFormProps) {
  const change = useCaseChange(caseId, { method: 'POST', path: field === 'note' ? '/notes' : '/replies' });
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: { [field]: '' },
    shouldFocusError: false,
  });
  const labels = { [field]: label };
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await change.mutateAsync({ body: values[field] });
      form.reset();
      notify({ kind: 'success', ...done });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form"
      noValidate
      aria-labelledby={`${field}-title`}
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <h2 id={`${field}-title`}>{title}</h2>
      <FormFeedback feedback={feedback} />
      <TextAreaInput
        label={label}
        hint={hint}
        required
        error={errors[field]?.message}
        registration={form.register(field)}
      />
      {after}
      <SubmitButton pending={isSubmitting} label={button} pendingLabel={pendingButton} />
    </form>
  );
}

/** Responder: mailed to the citizen and shown on /seguimiento; the case becomes Respondido. */
export function ReplyForm({ item }: { item: Pick<CaseDetail, 'id' | 'kind' | 'citizen_email'> }) {
  return (
    <EntryForm
      caseId={item.id}
      field="reply"
      schema={ReplyFormSchema}
      title="Responder"
      label="Respuesta"
      hint={`Se envía por correo a ${item.citizen_email} y el ciudadano la ve en el seguimiento de su caso. El caso queda Respondido.`}
      after={
        // The law's next step for a citizen who disagrees with the answer to a complaint (SISS).
        item.kind === 'reclamo' && (
          <div className="case-siss">
            <p>Al final de la respuesta se agregará:</p>
            <blockquote>{SISS_SENTENCE}</blockquote>
          </div>
        )
      }
      button="Enviar respuesta"
      pendingButton="Enviando…"
      done={{ text: 'Respuesta enviada.', detail: `El correo a ${item.citizen_email} está en camino.` }}
    />
  );
}

/** Nota interna: kept on the case for staff, never sent to the citizen. */
export function NoteForm({ caseId }: { caseId: string }) {
  return (
    <EntryForm
      caseId={caseId}
      field="note"
      schema={NoteFormSchema}
      title="Nota interna"
      label="Nota"
      hint="Solo la ve el personal: no se envía al ciudadano."
      button="Guardar nota"
      pendingButton="Guardando…"
      done={{ text: 'Nota guardada.' }}
    />
  );
}
