import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  /** The control, whose aria-describedby names `<id>-hint` and `<id>-error` (see describedBy). */
  children: ReactNode;
}

/** The label, "(opcional)", hint and error around a form control (GOV.UK Frontend's pattern). */
export function FieldFrame({ id, label, hint, error, required, children }: FieldFrameProps) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="field__optional"> (opcional)</span>}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}

/** A control's hint and error, with the ids its aria-describedby names (describedBy). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError field={id} message={error} />
    </>
  );
}

/** The aria-describedby of a control framed by FieldFrame. */
export const describedBy = (id: string, hint: unknown, error: unknown): string | undefined =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
