import * as z from 'zod/mini';
import { billTotal, CHARGE_COLUMNS, PERIODS_KEPT, READING_TYPES } from '../../shared/consumption/schema.ts';
import {
  MAX_READING_LINES,
  READING_COLUMNS,
  readingsMessages,
  type ReadingsImportReport,
} from '../../shared/consumption/readings-import.ts';
import { INT4_MAX, YEARS } from '../../shared/fields.ts';
import { IMPORT_REPORT_LIMIT } from '../../shared/imports/schema.ts';
import type { Database, Statement } from '../db/index.ts';
import { cell, docUrlCell, serviceNumberCell, wholeCell } from '../imports/cells.ts';
import { parseCsvExport, type ImportActor, type ParsedExport } from '../imports/csv-import.ts';

/**
 * The billing system's readings export (docs/features/consumption.md, "The readings import"): one
 * line per service and billing period, with the meter's readings, the m³ billed, the bill's
 * charges in whole pesos and its total; comma or semicolon separated, UTF-8, with a header row, read
 * by the one CSV reader of the billing exports (src/server/imports/csv-import.ts). Read by
 * POST /api/admin/readings/import and `npm run readings:import`, which report the same lines.
 */

const inYears = (value: string) => Number(value.slice(0, 4)) >= YEARS.first && Number(value.slice(0, 4)) <= YEARS.last;

const dateCell = (column: string) =>
  cell(column).check(
    z.refine(
      (value) => z.iso.date().safeParse(value).success && inYears(value),
      `${column} debe ser una fecha válida AAAA-MM-DD entre los años ${YEARS.first} y ${YEARS.last}`,
    ),
  );

const m3 = (column: string) => wholeCell(column, 'un número entero de m³');
const pesos = (column: string) => wholeCell(column, 'un número entero de pesos');

const charges = Object.fromEntries(CHARGE_COLUMNS.map((column) => [column, pesos(column)])) as Record<
  (typeof CHARGE_COLUMNS)[number],
  ReturnType<typeof pesos>
>;

const Row = z.object({
  service_number: serviceNumberCell(),
  period: cell('period').check(
    z.refine(
      (value) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && inYears(value),
      `period debe ser un mes AAAA-MM entre los años ${YEARS.first} y ${YEARS.last}`,
    ),
  ),
  read_from: dateCell('read_from'),
  read_to: dateCell('read_to'),
  reading_from: m3('reading_from'),
  reading_to: m3('reading_to'),
  consumption_m3: m3('consumption_m3'),
  reading_type: z.pipe(
    cell('reading_type').check(z.toLowerCase()),
    z.enum(READING_TYPES, `reading_type debe ser ${READING_TYPES.slice(0, -1).join(', ')} o ${READING_TYPES.at(-1)}`),
  ),
  overconsumption_m3: m3('overconsumption_m3'),
  ...charges,
  // A bill may end below zero: a compensation larger than the charges is owed to the customer.
  total: z
    .pipe(
      cell('total').check(z.regex(/^-?\d+$/, 'total debe ser un número entero de pesos, sin puntos')),
      z.transform(Number),
    )
    .check(z.refine((total) => Math.abs(total) <= INT4_MAX, 'total es demasiado grande')),
  due_date: dateCell('due_date'),
  // Optional column; the statement sends it as an array literal, where a space, a quote or a backslash
  // would cost up to four bytes each (a link never needs them: they are written %20, %22, %5C).
  doc_url: z.optional(
    docUrlCell().check(
      z.refine(
        (url) => url === null || !/[\s"\\]/.test(url),
        'doc_url no puede tener espacios, comillas ni barras invertidas',
      ),
    ),
  ),
});

export type ReadingRow = z.output<typeof Row>;

/** The services a line may name: every account (a period belongs to one). */
export async function readingAccounts(db: Database): Promise<ReadonlySet<string>> {
  const rows = await db.query<{ service_number: string }>(`SELECT service_number FROM accounts`);
  return new Set(rows.map((row) => row.service_number));
}

/**
 * Why a line whose cells are valid is left out. The meter's readings and the m³ billed must agree
 * when the meter went forward; when reading_to is below reading_from the meter was replaced (the new
 * one starts near zero) or rolled over, and the m³ billed are taken as the billing system computed
 * them (it knows the old meter's last reading; the export does not).
 */
function refusal(row: ReadingRow, accounts: ReadonlySet<string>): string | undefined {
  if (row.read_to < row.read_from) return `read_to ${row.read_to} es anterior a read_from ${row.read_from}`;
  if (row.overconsumption_m3 > row.consumption_m3)
    return `overconsumption_m3 ${row.overconsumption_m3} es mayor que consumption_m3 ${row.consumption_m3}`;
  if (row.reading_to >= row.reading_from && row.reading_to - row.reading_from !== row.consumption_m3)
    return `consumption_m3 ${row.consumption_m3} no es la diferencia de las lecturas (${row.reading_to} − ${row.reading_from} = ${row.reading_to - row.reading_from})`;
  const expected = billTotal(row);
  if (row.total !== expected) return `total ${row.total} no es la suma de los cargos: según ellos es ${expected}`;
  if (!accounts.has(row.service_number))
    return `service_number ${row.service_number} no tiene cuenta: impórtela primero con el archivo de cuentas`;
  return undefined;
}

/** `accounts`: readingAccounts of the database the rows go to. */
export const parseReadingsCsv = (text: string, accounts: ReadonlySet<string>): ParsedExport<ReadingRow> =>
  parseCsvExport(text, {
    columns: READING_COLUMNS,
    row: Row,
    key: (row) => `${row.service_number} ${row.period}`,
    repeated: (row, earlier) =>
      `service_number ${row.service_number} con period ${row.period} repetido (ya está en la línea ${earlier})`,
    refusal: (row) => refusal(row, accounts),
    maxLines: MAX_READING_LINES,
    messages: { noLines: readingsMessages.noReadings, tooManyLines: readingsMessages.tooManyLines },
  });

/**
 * A Postgres array literal as short as it can be: the drivers would quote and escape every element
 * (about five bytes more each once in JSON), which for 60,000 lines of 21 columns is 6 MB over
 * Neon's 10 MiB a request. Only an element that needs it is quoted.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  const element = (value: string | number | null) => {
    if (value === null) return 'NULL';
    const text = String(value);
    return /^[\w.:/-]+$/.test(text) && text.toUpperCase() !== 'NULL' ? text : `"${text.replace(/[\\"]/g, '\\$&')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/** The columns sent, in order; `total` is not: it is the charges' sum (parseReadingsCsv checked it). */
const SENT = [
  ['service_number', 'text'],
  ['period', 'text'],
  ['read_from', 'date'],
  ['read_to', 'date'],
  ['reading_from', 'integer'],
  ['reading_to', 'integer'],
  ['consumption_m3', 'integer'],
  ['reading_type', 'text'],
  ['overconsumption_m3', 'integer'],
  ...CHARGE_COLUMNS.map((column) => [column, 'integer'] as const),
  ['due_date', 'date'],
  ['doc_url', 'text'],
] as const satisfies readonly (readonly [keyof ReadingRow, string])[];

const columns = SENT.map(([column]) => column).join(', ');
const TOTAL =
  'fixed_charge + water_charge + sewer_charge + treatment_charge + overconsumption_charge - subsidy_amount + agreement_instalment + other_charges - compensation';

export interface ReadingsImportOptions {
  actor: ImportActor;
  /** Lines of the file left out, counted in the audit row. */
  rejectedLines: number;
}

/**
 * The import's batch, one transaction: the periods written (a period already kept is replaced) with
 * the audit row, then every service's periods beyond the PERIODS_KEPT latest deleted. Exported so
 * the test measures the request Neon receives.
 */
export function readingsStatements(rows: ReadingRow[], { actor, rejectedLines }: ReadingsImportOptions): Statement[] {
  const periods = rows.map((row) => row.period).sort();
  const arrays = SENT.map(([column]) => arrayLiteral(rows.map((row) => row[column] ?? null)));
  const n = arrays.length;
  return [
    {
      text: `WITH input AS (
               SELECT * FROM unnest(${SENT.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
                 AS exported_row (${columns})
             ), written AS (
               INSERT INTO consumption_periods AS c (${columns}, total, imported_at)
               SELECT ${columns}, ${TOTAL}, now() FROM input
               ON CONFLICT (service_number, period) DO UPDATE SET
                 ${SENT.slice(2)
                   .map(([column]) => `${column} = EXCLUDED.${column}`)
                   .join(', ')},
                 total = EXCLUDED.total, imported_at = now()
               -- xmax is set on a row this statement updated: a period the file replaced.
               RETURNING (c.xmax <> 0) AS replaced
             ), logged AS (
               INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
               SELECT $${n + 1}::uuid, $${n + 2}, 'import', 'readings', $${n + 4},
                 format('Lecturas de los períodos %s a %s. Importadas: %s (reemplazadas: %s); líneas rechazadas: %s',
                   $${n + 3}::text, $${n + 4}::text, (SELECT count(*) FROM written),
                   (SELECT count(*) FROM written WHERE replaced), $${n + 5}::int)
             )
             SELECT (SELECT count(*) FROM written WHERE replaced)::int AS replaced`,
      params: [...arrays, actor.id, actor.email, periods[0], periods.at(-1), rejectedLines],
    },
    {
      // The services this transaction wrote to are those with a period imported at its now().
      text: `DELETE FROM consumption_periods c USING (
               SELECT service_number, period,
                 row_number() OVER (PARTITION BY service_number ORDER BY period DESC) AS latest
               FROM consumption_periods
               WHERE service_number IN (SELECT service_number FROM consumption_periods WHERE imported_at = now())
             ) ranked
             WHERE c.service_number = ranked.service_number AND c.period = ranked.period AND ranked.latest > $1
             RETURNING c.service_number, c.period`,
      params: [PERIODS_KEPT],
    },
  ];
}

/** A period of a service, as the import wrote it. */
export interface WrittenPeriod {
  service_number: string;
  period: string;
}

export interface ReadingsImported {
  replaced: number;
  /** Periods deleted beyond PERIODS_KEPT a service. */
  removed: number;
  /**
   * The periods written and kept, in the file's order: what the high-consumption warning
   * (src/server/consumption/warnings.ts) looks at right after the import.
   */
  written: WrittenPeriod[];
}

/** Writes the valid rows in one transaction (all or nothing) and answers what it wrote. */
export async function importReadings(
  db: Database,
  rows: ReadingRow[],
  options: ReadingsImportOptions,
): Promise<ReadingsImported> {
  if (rows.length === 0) return { replaced: 0, removed: 0, written: [] };
  const [[counts], removed] = (await db.batch(readingsStatements(rows, options))) as [
    [{ replaced: number }],
    WrittenPeriod[],
  ];
  const gone = new Set(removed.map(({ service_number, period }) => `${service_number} ${period}`));
  return {
    replaced: counts.replaced,
    removed: removed.length,
    written: rows
      .filter((row) => !gone.has(`${row.service_number} ${row.period}`))
      .map(({ service_number, period }) => ({ service_number, period })),
  };
}

/** The answer of POST /api/admin/readings/import: the counts, and the lines left out up to IMPORT_REPORT_LIMIT. */
export const readingsReport = (
  { rows, rejected }: ParsedExport<ReadingRow>,
  { replaced, removed }: ReadingsImported,
  { warned, mailed }: { warned: number; mailed: number },
): ReadingsImportReport => ({
  imported: rows.length,
  replaced,
  removed,
  warned,
  mailed,
  rejected: rejected.slice(0, IMPORT_REPORT_LIMIT),
  rejectedTotal: rejected.length,
});
