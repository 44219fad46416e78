import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { MESSAGE_CAP } from '../../../shared/denuncia-case.ts';
import { DeskMessageSchema, DeskNoteSchema, type DeskDetail } from '../../../shared/denuncia-desk.ts';
import { notify } from '../../../islands/notifications.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { useDenunciaChange } from './desk-api.ts';

// Both forms are on one screen: each names its text field after itself (a control's id is its
// field's name) and sends it as the API's `body`.
const ReplyFormSchema = z.object({ reply: DeskMessageSchema.shape.body });
const NoteFormSchema = z.object({ note: DeskNoteSchema.shape.body });

interface EntryFormProps {
  reference: string;
  field: 'reply' | 'note';
  schema: z.ZodMiniType<Record<string, string>, Record<string, string>>;
  title: string;
  label: string;
  hint: string;
  button: string;
  done: { text: string; detail?: string };
}

function EntryForm({ reference, field, schema, title, label, hint, button, done }: EntryFormProps) {
  const change = useDenunciaChange(reference, field === 'reply' ? '/messages' : '/notes');
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: { [field]: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, { [field]: label });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await change.mutateAsync({ body: values[field] });
      form.reset();
      notify({ kind: 'success', ...done });
    } catch (error) {
      // The server's 400 names `body`: shown on this form's own field.
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
      <SubmitButton pending={isSubmitting} label={button} pendingLabel="Guardando…" />
    </form>
  );
}

/** Escribir al denunciante and Nota interna. */
export function DeskEntryForms({ denuncia }: { denuncia: Pick<DeskDetail, 'reference' | 'notifyReporter'> }) {
  return (
    <>
      <EntryForm
        reference={denuncia.reference}
        field="reply"
        schema={ReplyFormSchema}
        title="Escribir al denunciante"
        label="Mensaje"
        hint={`Hasta ${MESSAGE_CAP - 1} caracteres. El denunciante lo lee en el seguimiento, con su código de recibo. ${
          denuncia.notifyReporter
            ? 'Pidió un aviso por correo: le llegará uno sin el contenido.'
            : 'No se le envía ningún correo.'
        }`}
        button="Enviar mensaje"
        done={{ text: 'Mensaje enviado al denunciante.' }}
      />
      <EntryForm
        reference={denuncia.reference}
        field="note"
        schema={NoteFormSchema}
        title="Nota interna"
        label="Nota"
        hint="Solo la ve el equipo de cumplimiento: el denunciante nunca la lee."
        button="Guardar nota"
        done={{ text: 'Nota guardada.' }}
      />
    </>
  );
}
