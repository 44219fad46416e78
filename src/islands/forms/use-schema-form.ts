import { useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/fields.ts';
import { useDraft } from './use-draft.ts';

export type SendOutcome = { ok: true } | { ok: false; errors?: Record<string, string> | undefined };

/**
 * Form state for a shared zod schema: the draft values, one error per field, and a `sending`
 * flag. `submit` checks the values with the same schema the server uses, then calls `send`;
 * a form the spec sends unchecked (`checkInBrowser: false`) shows the server's field errors.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(
  schema: S,
  draftKey: string,
  empty: V,
  { checkInBrowser = true } = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useDraft(draftKey, empty, formRef);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const setField = (name: keyof V & string, value: string) => draft.update({ ...draft.values, [name]: value });

  /** Shows or clears the error of a field the schema does not hold (a file input). */
  const setError = (name: string, message: string | undefined) =>
    setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));

  /**
   * Sends when the values pass the schema and `otherErrors` (checks outside the schema, such as
   * a file's) is empty; otherwise shows every error, which moves focus to the error summary.
   */
  async function submit(send: (data: z.output<S>) => Promise<SendOutcome>, otherErrors: Record<string, string> = {}) {
    if (sending) return;
    const parsed = checkInBrowser
      ? schema.safeParse(draft.values)
      : { success: true as const, data: draft.values as z.output<S> };
    if (!parsed.success || Object.keys(otherErrors).length > 0) {
      setErrors({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...otherErrors });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const outcome = await send(parsed.data);
      if (outcome.ok) draft.clear();
      else if (outcome.errors) setErrors(outcome.errors);
    } finally {
      setSending(false);
    }
  }

  // `ready` is false in the server-rendered form: sending waits for the island, or the browser
  // would submit the form natively and put the visitor's data in the URL.
  return { formRef, ready: draft.ready, values: draft.values, errors, sending, setField, setError, submit };
}
