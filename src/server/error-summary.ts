/**
 * What the logs say about a fault: never a visitor's data (Ley 21.719; design.md, "Security").
 * A database error's message and detail can quote the row it refused ("Failing row contains (…,
 * ana@correo.cl, …)") or the value it could not read, so a database error is told by its SQLSTATE
 * and the table, column and constraint it names. Any other error is told by its class, its message
 * with e-mail addresses, RUTs and IPv4 addresses masked (a provider's message may name a
 * recipient), its cause and its stack frames, which name only code.
 */

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
const RUT = /\b\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]\b/g;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;

export const redactPersonalData = (text: string): string =>
  text.replace(EMAIL, '[correo]').replace(RUT, '[rut]').replace(IPV4, '[ip]');

interface DatabaseErrorFields {
  code: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** pg's DatabaseError and Neon's NeonDbError: a five-character SQLSTATE beside Postgres' fields. */
const isDatabaseError = (error: Error): error is Error & DatabaseErrorFields => {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
};

const frames = (error: Error): string[] =>
  (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));

/** One safe text for an error, for console.error. */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactPersonalData(error) : typeof error;
  const names = (fields: [string, string | undefined][]) =>
    fields.filter(([, value]) => value).map(([label, value]) => `${label} ${value}`);
  const head = isDatabaseError(error)
    ? [
        `database error ${error.code}`,
        ...names([
          ['table', error.table],
          ['column', error.column],
          ['constraint', error.constraint],
        ]),
      ].join(', ')
    : `${error.name}: ${redactPersonalData(error.message)}`;
  const cause = error.cause === undefined ? [] : [`  caused by ${errorSummary(error.cause)}`];
  return [head, ...frames(error), ...cause].join('\n');
}
