import type { ReactNode } from 'react';
import type * as z from 'zod/mini';
import { AdminForm } from './AdminForm.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextAreaInput } from './TextAreaInput.tsx';
import { useAdminForm } from './use-admin-form.ts';

interface TextEntryFormProps {
  /**
   * The text's field, named after the form: a case's screen has two of them (a reply and a note),
   * and a control's id is its field's name.
   */
  field: string;
  /** `{ [field]: … }`, the API's rule for the text (its schema's `body`). */
  schema: z.ZodMiniType<Record<string, string>, Record<string, string>>;
  /** Sends the text as the API's `body`; the API's refusal of it is shown on the field. */
  send: (body: string) => Promise<unknown>;
  title: string;
  label: string;
  hint: string;
  /** Below the text: what the server adds to it. */
  after?: ReactNode;
  button: string;
  pendingButton: string;
  done: { text: string; detail?: string };
}

/**
 * A form of one text added to a case: a reply, a message, a note (Atención ciudadana and the
 * denuncias desk). Emptied and announced once saved; kept with its error when refused.
 */
export function TextEntryForm({
  field,
  schema,
  send,
  title,
  label,
  hint,
  after,
  button,
  pendingButton,
  done,
}: TextEntryFormProps) {
  const {
    form,
    field: text,
    ...shell
  } = useAdminForm({
    schema,
    labels: { [field]: label },
    defaultValues: { [field]: '' },
    send: async (values) => {
      await send(values[field]!);
      form.reset();
      return { kind: 'success', ...done };
    },
  });

  return (
    <AdminForm form={shell} aria-labelledby={`${field}-title`} heading={<h2 id={`${field}-title`}>{title}</h2>}>
      <TextAreaInput {...text(field)} hint={hint} required />
      {after}
      <SubmitButton pending={shell.pending} label={button} pendingLabel={pendingButton} />
    </AdminForm>
  );
}

/** Nota interna: a text kept on the record for staff, never sent to the person who wrote in. */
export function InternalNoteForm({ schema, send, hint }: Pick<TextEntryFormProps, 'schema' | 'send' | 'hint'>) {
  return (
    <TextEntryForm
      field="note"
      schema={schema}
      send={send}
      title="Nota interna"
      label="Nota"
      hint={hint}
      button="Guardar nota"
      pendingButton="Guardando…"
      done={{ text: 'Nota guardada.' }}
    />
  );
}
