/**
 * What the CSV imports of the billing system's exports (the accounts, the readings) say of a file
 * they refuse whole; each export adds its own for an empty file and one with too many lines.
 */
export const csvMessages = {
  notUtf8: 'El archivo no está en UTF-8. Expórtelo como «CSV UTF-8» e intente nuevamente.',
  notText: 'El archivo no es un CSV de texto. Expórtelo como CSV e intente nuevamente.',
  missingColumns: (columns: readonly string[]) =>
    `A la primera línea del archivo le ${columns.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${columns.join(', ')}.`,
  malformed: (line: number) =>
    `El archivo no es un CSV válido: la lectura se detuvo en la línea ${line}. Revise las comillas de esa línea y de las anteriores.`,
} as const;

/** Lines of each list an import's answer carries: a file of megabytes may hold many more bad lines than a screen can. */
export const IMPORT_REPORT_LIMIT = 1_000;
