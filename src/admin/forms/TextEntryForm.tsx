import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { notify } from '../../ui/notifications.ts';
import { FormFeedback } from './FormFeedback.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextAreaInput } from './TextAreaInput.tsx';
import { useSubmitFeedback } from './use-submit-feedback.ts';

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
      await send(values[field]!);
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
