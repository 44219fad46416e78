import type { ReactNode, Ref, SubmitEvent } from 'react';
import { FormFeedback } from './FormFeedback.tsx';
import type { SubmitFeedback } from './use-admin-form.ts';

/** What the shell needs of useAdminForm's answer. */
export interface AdminFormShell {
  pending: boolean;
  feedback: SubmitFeedback;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

interface AdminFormProps {
  form: AdminFormShell;
  className?: string;
  /** The form's accessible name, when no heading gives it. */
  'aria-label'?: string;
  /** The id of the heading that names the form. */
  'aria-labelledby'?: string;
  /** Above the feedback: the form's heading. */
  heading?: ReactNode;
  /** The form element, for a form that resets what react-hook-form does not hold (a chosen file). */
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** An admin form's shell: busy while it sends, its heading, then the error summary and message. */
export function AdminForm({ form, className = 'form', heading, ref, children, ...naming }: AdminFormProps) {
  return (
    <form ref={ref} className={className} noValidate {...naming} onSubmit={form.onSubmit} aria-busy={form.pending}>
      {heading}
      <FormFeedback feedback={form.feedback} />
      {children}
    </form>
  );
}
