import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { errorSummary } from './error-summary.ts';

/**
 * The staff's CSV downloads (the payments' export, an outage's afectados.csv) as a spreadsheet
 * opens them: UTF-8 with a BOM (so Excel reads the accents), `;` between cells (Excel's separator
 * in Chile, where `,` is the decimal mark), any cell with `;`, `,`, quotes or a line break quoted,
 * lines ended by CRLF, a header row.
 */

/** A column: its header and its cell of a row. */
export type CsvColumn<Row> = readonly [header: string, value: (row: Row) => string | number];

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP):
 * such a cell gets a leading apostrophe, so it shows as the text it is.
 */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The CSV of the rows as a byte stream, written as the rows arrive and only as fast as the answer
 * is read, so memory stays flat however many rows there are. `what` names the export in the log.
 */
export function csvStream<Row>(
  what: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map(([header], index) => ({ key: String(index), header })),
    delimiter: ';',
    quoted_match: ',',
    record_delimiter: 'windows',
    cast: { string: neutralise },
  });
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
