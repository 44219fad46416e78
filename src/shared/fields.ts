import * as z from 'zod/mini';

/**
 * Field builders shared by every form schema, so each rule and message is written once. Every
 * schema of the project is written with zod's functional `zod/mini` (docs/features/forms-and-cases.md,
 * "zod/mini"): islands bundle only the checks they use, about a quarter of the classic API's weight.
 */

/**
 * The years a date or an instant typed or sent to the site may fall in. Postgres stores far more,
 * but the code around a date does arithmetic on it (a day after `to`, Aysén's offset, a CSV's
 * stream) that year 0000 or 9999 broke with a 500; no record of the utility lies outside these.
 */
export const YEARS = { first: 2000, last: 2100 } as const;

export const fieldMessages = {
  invalidType: 'El valor ingresado no es válido.',
  invalidEmail: 'Por favor ingrese un correo electrónico válido.',
  requiredEmail: 'Ingrese su correo electrónico.',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  controlCharacters: 'Escriba este dato en una sola línea, sin caracteres de control.',
  multilineControlCharacters: 'El texto contiene caracteres de control no permitidos.',
  yearRange: `Indique una fecha entre los años ${YEARS.first} y ${YEARS.last}.`,
} as const;

/**
 * A one-line value (a name, an address) has no control characters at all: a line break in a name
 * would reach a mail's subject. A text with lines keeps line breaks and tabs, and nothing else.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- likewise, less line breaks and tabs
const MULTILINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** The control-character check of a text field: one line unless it has lines (a message, a description). */
export const lineCheck = (multiline = false) =>
  multiline
    ? z.regex(MULTILINE, fieldMessages.multilineControlCharacters)
    : z.regex(SINGLE_LINE, fieldMessages.controlCharacters);

const text = (requiredMessage?: string) =>
  z.string({
    error: (issue) => (issue.input === undefined && requiredMessage ? requiredMessage : fieldMessages.invalidType),
  });

/** A text the visitor must fill; surrounding blanks do not count. One line unless `multiline`. */
export const requiredText = (max: number, requiredMessage: string, { multiline = false } = {}) =>
  text(requiredMessage).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.maxLength(max, fieldMessages.tooLong(max)),
    lineCheck(multiline),
  );

/** A text the visitor may leave empty (absent is stored as empty). One line unless `multiline`. */
export const optionalText = (max: number, { multiline = false } = {}) =>
  z._default(text().check(z.trim(), z.maxLength(max, fieldMessages.tooLong(max)), lineCheck(multiline)), '');

export const emailField = (max: number) =>
  z.pipe(
    text(fieldMessages.requiredEmail).check(
      z.trim(),
      z.minLength(1, fieldMessages.requiredEmail),
      z.maxLength(max, fieldMessages.tooLong(max)),
    ),
    z.email(fieldMessages.invalidEmail),
  );

/**
 * The largest whole number a Postgres `integer` stores: a number a schema takes for such a column
 * is bounded by it, since a larger one made the insert fail (SQLSTATE 22003) and answer 500.
 */
export const INT4_MAX = 2_147_483_647;

// A function, not a check made when the module loads: a form without a date bundles none of it.
const inYears = () =>
  z.refine<string>((value) => {
    const year = Number(value.slice(0, 4));
    return year >= YEARS.first && year <= YEARS.last;
  }, fieldMessages.yearRange);

/** A calendar day, YYYY-MM-DD, within YEARS. */
export const isoDate = (message: string) => z.iso.date({ error: message }).check(inYears());

/** An instant as the admin forms send it: ISO 8601 with its offset (chileLocalToIso), within YEARS. */
export const isoInstant = (message: string) => z.iso.datetime({ offset: true, error: message }).check(inYears());

/** Aysén's wall-clock time as `<input type="datetime-local">` writes it (YYYY-MM-DDTHH:mm[:ss]), within YEARS. */
export const localDateTime = (message: string) =>
  z.string({ error: message }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, message),
    z.refine((value) => z.iso.datetime({ local: true }).safeParse(value).success, message),
    inYears(),
  );

const invalidPage = 'Página no válida.';

/** The page of a paged list, from the query string; absent is the first one. */
export const pageNumber = () =>
  z._default(
    z.coerce
      .number({ error: invalidPage })
      .check(z.int(invalidPage), z.gte(1, invalidPage), z.lte(100_000, invalidPage)),
    1,
  );

/** An e-mail the visitor may leave empty; when given, it must be valid. */
export const optionalEmail = (max: number) =>
  z.pipe(optionalText(max), z.union([z.literal(''), z.email(fieldMessages.invalidEmail)]));

/**
 * The `maxlength` a form input should carry for a field built above. zod/mini schemas have no
 * `.unwrap()` or `.maxLength`: this reads their definitions (`_zod.def`, which zod documents for
 * library authors): a default's or optional's inner type, a pipe's input, a string's
 * `max_length` checks.
 */
export function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    checks?: z.core.$ZodCheck[];
  };
  if ((def.type === 'default' || def.type === 'optional') && def.innerType) return maxLengthOf(def.innerType);
  if (def.type === 'pipe' && def.in) return maxLengthOf(def.in);
  if (def.type !== 'string') return undefined;
  const maximums = (def.checks ?? [])
    .map((check) => check._zod.def as z.core.$ZodCheckDef & { maximum?: number })
    .filter((check) => check.check === 'max_length' && check.maximum !== undefined)
    .map((check) => check.maximum!);
  return maximums.length > 0 ? Math.min(...maximums) : undefined;
}

/** Whether a form must fill the field: its schema refuses it absent (a default or an optional accepts it). */
export const isRequired = (schema: z.core.$ZodType): boolean => !z.safeParse(schema, undefined).success;

/** What a form shows of a field before its schema has loaded: its `maxlength` and whether it is required. */
export interface FieldRule {
  maxLength?: number;
  required: boolean;
}
export type FieldRules<F extends string = string> = Record<F, FieldRule>;

/**
 * The rules of every field of a form's schema. A form page computes them when it is built and
 * gives them to its island, which loads the schema itself, and zod with it, only once the
 * visitor starts on the form (docs/features/forms-and-cases.md, "zod/mini").
 */
export function fieldRules<S extends z.ZodMiniObject>(schema: S): FieldRules<Extract<keyof S['shape'], string>> {
  const rules: FieldRules = {};
  for (const [field, fieldSchema] of Object.entries<z.core.$ZodType>(schema.shape)) {
    const maxLength = maxLengthOf(fieldSchema);
    rules[field] = { required: isRequired(fieldSchema), ...(maxLength === undefined ? {} : { maxLength }) };
  }
  return rules;
}
