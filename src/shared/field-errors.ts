import type * as z from 'zod/mini';

/**
 * The one helper that turns zod's issues into the forms' messages: the first message per field,
 * as the forms show them (one error per field). A module without zod's code, so an island can
 * show a refusal before or without loading a schema.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
