import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors } from '../../shared/field-errors.ts';
import type { FieldRules } from '../../shared/fields.ts';
import { useDraft } from './use-draft.ts';

/**
 * How a form shows one field: the words (label, hint) are the form's, the limits and whether it
 * is required come from the shared schema (through the page's `fieldRules`), so the browser and
 * the server never drift apart.
 */
export interface FieldSpec {
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  multiline?: boolean;
  inputMode?: 'numeric';
  /** Shown as required although the schema accepts it empty (a rule in a refinement). */
  required?: boolean;
}

export type SendOutcome = { ok: true } | { ok: false; errors?: Record<string, string> | undefined };

interface FormOptions<F extends string, S> {
  /**
   * Loads the form's shared schema, which checks the values before they are sent; none where the
   * spec has the browser send unchecked (§5: the complaint form, the balance lookup). zod comes
   * with the schema once the visitor starts on the form, not with the page, which stays light.
   */
  schema?: () => Promise<S>;
  /** sessionStorage key of the draft; none for a confidential form (denuncias keep nothing). */
  draftKey?: string;
  /** Values before the visitor types anything. */
  initial?: Partial<Record<F, string>>;
  /** 'first': one error at a time, in the schema's order (§5: motorhome's checks "in this order"). */
  errorsShown?: 'all' | 'first';
  /** The schema's input from the fields' string values (numbers, booleans, derived names). */
  toInput?: (values: Record<F, string>) => unknown;
  /** False where the values stay after a success (a balance looked up again). */
  clearOnSuccess?: boolean;
  /** After a success the form stays locked this long, its success message shown (§4: motorhome). */
  holdAfterSuccessMs?: number;
}

const firstOnly = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).slice(0, 1));

/**
 * The one form pattern of the public site (and /login): draft values that are never lost, one error
 * per field (the browser's check with the server's schema, or the server's answer), an error
 * summary's labels, and the form disabled while it sends. `text`, `select` and `choice` give each
 * control its props from the field's spec and its rules (`fieldRules` of the schema, from the
 * page).
 */
export function useSchemaForm<F extends string, S extends z.ZodMiniObject = z.ZodMiniObject>(
  fields: Record<F, FieldSpec>,
  rules: FieldRules,
  options: FormOptions<F, S> = {},
) {
  const { schema, draftKey, errorsShown = 'all', toInput, clearOnSuccess = true, holdAfterSuccessMs } = options;
  const initial: Partial<Record<F, string>> = options.initial ?? {};
  const ids = Object.keys(fields) as F[];
  // Fields outside the schema (a file) only lend their label to the error summary.
  const inSchema = ids.filter((id) => id in rules);
  const empty = Object.fromEntries(inSchema.map((id) => [id, initial[id] ?? ''])) as Record<F, string>;
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useDraft(draftKey, empty, formRef);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [held, setHeld] = useState(false);
  // True from a submit until it is sent or refused, while the schema may still be arriving.
  const submitting = useRef(false);

  // The schema, and zod with it, load once the visitor starts on the form: ready by the time they
  // send, and never on a page only read.
  useEffect(() => {
    const form = formRef.current;
    if (!schema || !form) return;
    const load = () => void schema().catch(() => undefined);
    form.addEventListener('focusin', load, { once: true });
    form.addEventListener('pointerdown', load, { once: true });
    return () => {
      form.removeEventListener('focusin', load);
      form.removeEventListener('pointerdown', load);
    };
  }, []);

  useEffect(() => {
    if (!held) return;
    const release = setTimeout(() => setHeld(false), holdAfterSuccessMs);
    return () => clearTimeout(release);
  }, [held]);

  const show = (next: Record<string, string>) => setErrors(errorsShown === 'first' ? firstOnly(next) : next);
  const update = (changes: Partial<Record<F, string>>) => draft.update(changes);
  /** Shows or clears the error of a field the schema does not hold (a file input). */
  const setError = (name: string, message: string | undefined) =>
    setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));

  /**
   * Sends when the values pass the schema and `otherErrors` (checks outside the schema, such as
   * a file's) is empty; otherwise shows the errors, which moves focus to the error summary.
   */
  async function submit(send: (data: z.output<S>) => Promise<SendOutcome>, otherErrors: Record<string, string> = {}) {
    if (submitting.current || held) return;
    submitting.current = true;
    try {
      const input = toInput ? toInput(draft.values) : draft.values;
      // Without its schema (none, or it did not arrive) the form sends unchecked: the server checks.
      const loaded = await schema?.().catch(() => undefined);
      const parsed = loaded ? loaded.safeParse(input) : { success: true as const, data: input as z.output<S> };
      if (!parsed.success || Object.keys(otherErrors).length > 0) {
        show({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...otherErrors });
        return;
      }
      setErrors({});
      setSending(true);
      try {
        const outcome = await send(parsed.data);
        if (outcome.ok) {
          if (clearOnSuccess) draft.clear();
          if (holdAfterSuccessMs) setHeld(true);
        } else if (outcome.errors) show(outcome.errors);
      } finally {
        setSending(false);
      }
    } finally {
      submitting.current = false;
    }
  }

  const disabled = sending || held;
  const required = (id: F) => fields[id].required ?? rules[id]?.required ?? false;
  const common = (id: F) => ({
    label: fields[id].label,
    value: draft.values[id] ?? '',
    onChange: (value: string) => update({ [id]: value } as Partial<Record<F, string>>),
    error: errors[id],
    required: required(id),
    disabled,
    ...(fields[id].hint ? { hint: fields[id].hint } : {}),
  });

  return {
    formRef,
    // False in the server-rendered form: sending waits for the island, or the browser would
    // submit the form natively and put the visitor's data in the URL.
    ready: draft.ready,
    values: draft.values,
    errors,
    sending,
    /** True while a success holds the form (holdAfterSuccessMs). */
    held,
    disabled,
    labels: Object.fromEntries(ids.map((id) => [id, fields[id].label])) as Record<string, string>,
    update,
    setError,
    /** Shows these errors instead of any shown (a check that comes before the schema's). */
    showErrors: show,
    submit,
    /** Props of a text Field. */
    text: (id: F) => {
      const { type, autoComplete, multiline, inputMode } = fields[id];
      return {
        id,
        ...common(id),
        maxLength: rules[id]?.maxLength,
        ...(type ? { type } : {}),
        ...(autoComplete ? { autoComplete } : {}),
        ...(multiline ? { multiline } : {}),
        ...(inputMode ? { inputMode } : {}),
      };
    },
    /** Props of a SelectField. */
    select: (id: F) => ({ id, ...common(id) }),
    /** Props of a ChoiceField (radio buttons). */
    choice: (id: F) => ({ name: id, ...common(id) }),
  };
}
