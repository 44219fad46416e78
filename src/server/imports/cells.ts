import * as z from 'zod/mini';
import { INT4_MAX } from '../../shared/fields.ts';

/**
 * The cells the billing system's exports share, each refused with a reason that names its column
 * (src/server/imports/csv-import.ts reports them line by line).
 */

/** A cell, trimmed; a missing one (a short line) is named, not reported as a type error. */
export const cell = (column: string) => z.string({ error: `falta ${column}` }).check(z.trim());

/** An empty cell is stored as null. */
export const orNull = z.transform((value: string) => value || null);

export const serviceNumberCell = () =>
  cell('service_number').check(z.regex(/^\d{1,12}$/, 'service_number debe tener de 1 a 12 dígitos'));

/**
 * A whole number without dots nor sign, stored in a Postgres integer column: a larger number
 * would fail the whole import, so it is its line's reason.
 */
export const wholeCell = (column: string, format: string) =>
  z
    .pipe(
      cell(column).check(z.regex(/^\d+$/, `${column} debe ser ${format}, sin puntos ni signo`)),
      z.transform(Number),
    )
    .check(z.refine((value) => value <= INT4_MAX, `${column} es demasiado grande`));

/**
 * /boleta and /consumo link to it: an http(s) address or a path of this site, never javascript:
 * nor a //host address, which leaves the site while looking like a path. Empty is null.
 */
export const docUrlCell = () =>
  z.pipe(
    cell('doc_url').check(
      z.maxLength(500, 'doc_url tiene más de 500 caracteres'),
      z.refine(
        (value) =>
          value === '' ||
          (value.startsWith('/') && !value.startsWith('//')) ||
          z.url({ protocol: /^https?$/ }).safeParse(value).success,
        'doc_url debe ser una dirección http(s):// o una ruta que empiece con /',
      ),
    ),
    orNull,
  );
