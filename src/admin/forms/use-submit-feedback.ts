import { useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '../../shared/messages.ts';
import { ApiError } from '../api-client.ts';

/** First message of each field of react-hook-form's errors, as the error summary lists them. */
function messagesOf(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, error]) =>
      typeof error?.message === 'string' ? [[field, error.message]] : [],
    ),
  );
}

/**
 * What a form shows after a submit: the error summary (GOV.UK: a snapshot taken on each
 * submit, so it takes focus once, not on every keystroke), the server's field errors on their
 * fields (400 `errors`) and any other failure's message (409 duplicate, 429, network).
 * `labels` lists the form's fields in order; a server error for another field is shown as the
 * form's message.
 */
export function useSubmitFeedback<T extends FieldValues>(setError: UseFormSetError<T>, labels: Record<string, string>) {
  const [summary, setSummary] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();

  return {
    summary,
    formError,
    labels,
    onInvalid: (errors: FieldErrors<T>) => {
      setFormError(undefined);
      setSummary(messagesOf(errors));
    },
    onStart: () => {
      setFormError(undefined);
      setSummary({});
    },
    onFailure: (error: unknown) => {
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      const known = Object.entries(fieldErrors).filter(([field]) => field in labels);
      for (const [field, message] of known) setError(field as Path<T>, { type: 'server', message });
      if (known.length > 0) setSummary(Object.fromEntries(known));
      const others = Object.entries(fieldErrors).filter(([field]) => !(field in labels));
      if (known.length === 0 || others.length > 0) {
        setFormError(
          others.length > 0
            ? others.map(([, message]) => message).join(' ')
            : error instanceof ApiError
              ? error.message
              : messages.genericError,
        );
      }
    },
  };
}

export type SubmitFeedback = ReturnType<typeof useSubmitFeedback>;
