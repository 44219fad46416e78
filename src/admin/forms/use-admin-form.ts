import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type SubmitEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type RegisterOptions,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { messages } from '../../shared/messages.ts';
import { notify, type Notification } from '../../ui/notifications.ts';
import { ApiError } from '../api-client.ts';

/**
 * The error summary of a form the schema refused: the message of each field, and for a group
 * of fields (`groups`, a list of supply points) whose items only are wrong, the group's message.
 */
export function invalidSummary(errors: FieldErrors, groups: Record<string, string> = {}): Record<string, string> {
  const messages = Object.entries(errors).flatMap(([field, error]) =>
    typeof error?.message === 'string' ? [[field, error.message]] : [],
  );
  const grouped = Object.entries(groups).flatMap(([field, message]) =>
    errors[field] && !errors[field].message ? [[field, message]] : [],
  );
  return Object.fromEntries([...messages, ...grouped]);
}

/** How a refused submit shows: messages on the form's own fields, and the form's message if any. */
export interface FailureShown {
  /** Field → the server's message, for the fields `labels` lists (shown on them and in the summary). */
  fields: Record<string, string>;
  /** The message of a failure no field of the form explains. */
  formError: string | undefined;
}

/**
 * The server's field errors (400 `errors`) on the form's fields; what no field of the form
 * explains (an error for another field, a 409 duplicate, a 429, the network) as the form's
 * message: the other fields' messages joined, or the failure's own message.
 */
export function failureShown(error: unknown, labels: Record<string, string>): FailureShown {
  const fieldErrors = error instanceof ApiError ? error.errors : {};
  const known = Object.entries(fieldErrors).filter(([field]) => field in labels);
  const others = Object.entries(fieldErrors).filter(([field]) => !(field in labels));
  const formError =
    known.length > 0 && others.length === 0
      ? undefined
      : others.length > 0
        ? others.map(([, message]) => message).join(' ')
        : error instanceof ApiError
          ? error.message
          : messages.genericError;
  return { fields: Object.fromEntries(known), formError };
}

/** What the top of a form shows (FormFeedback): the error summary and the form's message. */
export interface SubmitFeedback {
  summary: Record<string, string>;
  formError: string | undefined;
  labels: Record<string, string>;
}

interface AdminFormOptions<S extends z.ZodMiniType<FieldValues, FieldValues>> {
  /** The API's rule for the values, checked before anything is sent. */
  schema: S;
  /** The form's fields in order, with their labels: the error summary's entries and links. */
  labels: Record<string, string>;
  defaultValues?: DefaultValues<z.input<S>>;
  /** Values the form follows as they change (a record refetched, filters in the address). */
  values?: z.input<S>;
  /**
   * Does the request with the checked values and gives the notice of its success (none where the
   * screen shows the outcome itself). A throw is the failure the form shows.
   */
  send: (values: z.output<S>) => Promise<Notification | void> | Notification | void;
  /** After the notice: where the screen goes next (back to its list). */
  onDone?: () => void;
  /**
   * The summary's message for a group of fields (a list of supply points) when only its items
   * are wrong: their messages are on their fields, and the summary names the group and links to it.
   */
  groups?: Record<string, string>;
}

/**
 * The one admin form: react-hook-form with the shared schema, `field(name)` props for the admin
 * inputs (registration, label, error), and a submit that sends, notifies, and on failure puts the
 * server's field errors on their fields and the rest in the form's message. What the form shows is
 * GOV.UK's error summary, a snapshot taken on each submit, so it takes focus once, not on every
 * keystroke.
 */
export function useAdminForm<S extends z.ZodMiniType<FieldValues, FieldValues>>({
  schema,
  labels,
  defaultValues,
  values,
  send,
  onDone,
  groups,
}: AdminFormOptions<S>) {
  type Values = z.input<S>;
  const form = useForm<Values, unknown, z.output<S>>({
    // zodResolver's overloads cannot follow a schema generic; its value types are the form's.
    resolver: zodResolver(schema as never) as never,
    ...(defaultValues === undefined ? {} : { defaultValues }),
    ...(values === undefined ? {} : { values }),
    shouldFocusError: false,
  });
  const [summary, setSummary] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (checked) => {
      setFormError(undefined);
      setSummary({});
      try {
        const notice = await send(checked);
        if (notice) notify(notice);
        onDone?.();
      } catch (error) {
        const shown = failureShown(error, labels);
        for (const [field, message] of Object.entries(shown.fields))
          form.setError(field as Path<Values>, { type: 'server', message });
        if (Object.keys(shown.fields).length > 0) setSummary(shown.fields);
        if (shown.formError !== undefined) setFormError(shown.formError);
      }
    },
    (invalid) => {
      setFormError(undefined);
      setSummary(invalidSummary(invalid, groups));
    },
  );

  const field = (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => ({
    // A list's item (supply point `supplyPoints.0.name`) has no label here: its input gives its own.
    label: labels[name] ?? name,
    error: (get(errors, name) as FieldError | undefined)?.message,
    registration: form.register(name, options),
  });

  return {
    form,
    pending: isSubmitting,
    feedback: { summary, formError, labels } satisfies SubmitFeedback,
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => void submit(event),
    /** An input's props: its registration, label and error. */
    field,
    /** A file address's props (FileUrlInput): the upload writes the published file's address. */
    upload: (name: Path<Values>) => ({
      ...field(name),
      onUploaded: (url: string) =>
        form.setValue(name, url as PathValue<Values, Path<Values>>, { shouldValidate: true, shouldDirty: true }),
    }),
  };
}

export type AdminFormState = ReturnType<typeof useAdminForm>;
