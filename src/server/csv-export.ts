import { pipeline, Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { errorSummary } from './error-summary.ts';

/**
 * The two CSVs the site writes, one set of rules each, so that every file opens as its reader
 * expects (docs/features/indicators.md, "The CSV files"):
 * - `excel`, for people: what a double-click opens in Excel with Chile's regional settings, where
 *   `,` is the decimal mark: UTF-8 with a BOM (so it reads "Aysén", not "AysÃ©n"), `;` between
 *   cells, decimals with a comma. The staff's exports (payments, afectados.csv) and
 *   /indicadores-excel.csv.
 * - `programs`: RFC 4180, `,` between cells, decimals with a dot, no BOM. /indicadores.csv.
 * Both: CRLF line ends, a header row, a cell quoted only when it holds the separator, a quote or a
 * line break, and no text cell a spreadsheet could run as a formula.
 */
export const CSV_DIALECTS = {
  excel: { bom: true, delimiter: ';', decimalMark: ',' },
  programs: { bom: false, delimiter: ',', decimalMark: '.' },
} as const;
export type CsvDialect = keyof typeof CSV_DIALECTS;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * such a cell gets a leading apostrophe, so it shows as the text it is.
 */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** csv-stringify's options for a file of `dialect` with these column headers. */
export function csvOptions(dialect: CsvDialect, headers: readonly string[]): Options {
  const { bom, delimiter, decimalMark } = CSV_DIALECTS[dialect];
  return {
    bom,
    header: true,
    columns: headers.map((header, index) => ({ key: String(index), header })),
    delimiter,
    record_delimiter: 'windows',
    cast: {
      string: neutralise,
      number: (value) => (decimalMark === '.' ? String(value) : String(value).replace('.', decimalMark)),
    },
  };
}

/** A column: its header and its cell of a row (a number is written in the dialect's decimals). */
export type CsvColumn<Row> = readonly [header: string, value: (row: Row) => string | number];

/**
 * The CSV of the rows as a byte stream, in the `excel` dialect, written as the rows arrive and only
 * as fast as the answer is read, so memory stays flat however many rows there are. `what` names
 * the export in the log.
 */
export function csvStream<Row>(
  what: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): ReadableStream<Uint8Array> {
  // The staff's exports: opened by people, in a spreadsheet.
  const csv = stringify(
    csvOptions(
      'excel',
      columns.map(([header]) => header),
    ),
  );
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map(([, value]) => value(row));
    })(),
  );
  // A failure of the database midway ends the download early rather than leaving it open.
  pipeline(records, csv, (error) => {
    if (error) console.error(`${what} failed: ${errorSummary(error)}`);
  });
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
