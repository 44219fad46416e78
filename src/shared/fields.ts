import { z } from 'zod';

/** Field builders shared by every form schema, so each rule and message is written once. */

export const fieldMessages = {
  invalidType: 'El valor ingresado no es válido.',
  invalidEmail: 'Por favor ingrese un correo electrónico válido.',
  requiredEmail: 'Ingrese su correo electrónico.',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  controlCharacters: 'Escriba este dato en una sola línea, sin caracteres de control.',
  multilineControlCharacters: 'El texto contiene caracteres de control no permitidos.',
} as const;

/**
 * A one-line value (a name, an address) has no control characters at all: a line break in a name
 * would reach a mail's subject. A text with lines keeps line breaks and tabs, and nothing else.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- likewise, less line breaks and tabs
const MULTILINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** The control-character rule of a text field: one line unless it has lines (a message, a description). */
export const lines = (schema: z.ZodString, multiline = false) =>
  multiline
    ? schema.regex(MULTILINE, fieldMessages.multilineControlCharacters)
    : schema.regex(SINGLE_LINE, fieldMessages.controlCharacters);

const text = (requiredMessage?: string) =>
  z.string({
    error: (issue) => (issue.input === undefined && requiredMessage ? requiredMessage : fieldMessages.invalidType),
  });

/** A text the visitor must fill; surrounding blanks do not count. One line unless `multiline`. */
export const requiredText = (max: number, requiredMessage: string, { multiline = false } = {}) =>
  lines(text(requiredMessage).trim().min(1, requiredMessage).max(max, fieldMessages.tooLong(max)), multiline);

/** A text the visitor may leave empty (absent is stored as empty). One line unless `multiline`. */
export const optionalText = (max: number, { multiline = false } = {}) =>
  lines(text().trim().max(max, fieldMessages.tooLong(max)), multiline).default('');

export const emailField = (max: number) =>
  text(fieldMessages.requiredEmail)
    .trim()
    .min(1, fieldMessages.requiredEmail)
    .max(max, fieldMessages.tooLong(max))
    .pipe(z.email(fieldMessages.invalidEmail));

const invalidPage = 'Página no válida.';

/** The page of a paged list, from the query string; absent is the first one. */
export const pageNumber = () =>
  z.coerce.number({ error: invalidPage }).int(invalidPage).min(1, invalidPage).max(100_000, invalidPage).default(1);

/** An e-mail the visitor may leave empty; when given, it must be valid. */
export const optionalEmail = (max: number) =>
  optionalText(max).pipe(z.union([z.literal(''), z.email(fieldMessages.invalidEmail)]));

/** The `maxlength` a form input should carry for a field built above. */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  return undefined;
}

/** First message per field, as the forms show them (one error per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
