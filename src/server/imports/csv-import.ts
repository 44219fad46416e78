import { CsvError, parse } from 'csv-parse/sync';
import * as z from 'zod/mini';
import { csvMessages, type RejectedLine } from '../../shared/imports/schema.ts';
import { fileRefused } from '../uploads/files.ts';

/**
 * The one reader of the billing system's CSV exports (the accounts, src/server/accounts-import.ts;
 * the readings, src/server/consumption/readings-import.ts): UTF-8 text with a header row, comma or
 * semicolon separated, each line checked by the export's row schema and its refusals. A file that
 * cannot be read as the export at all is refused whole (`fileRefused`, a 400 at the file field); a
 * bad line is left out with its number and reason, and the others are imported.
 */

export interface CsvExport<Row> {
  /** The columns every file must name in its first line; others are read when present. */
  columns: readonly string[];
  /** One line's cells, by column name (lowercase). */
  row: z.ZodMiniType<Row>;
  /** What makes two lines the same one (a later one is left out), and how its refusal says so. */
  key: (row: Row) => string;
  repeated: (row: Row, earlierLine: number) => string;
  /** Why a line whose cells are valid is still left out, or undefined. */
  refusal?: (row: Row) => string | undefined;
  maxLines: number;
  messages: { noLines: string; tooManyLines: (max: number) => string };
}

export interface ParsedExport<Row> {
  rows: Row[];
  /** Line number in the file and why the line was left out, in the file's order. */
  rejected: RejectedLine[];
}

/** The file's text; an export that is not UTF-8 text is refused rather than imported garbled. */
export function decodeCsvFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileRefused(csvMessages.notUtf8);
  }
  if (text.includes('\u0000')) throw fileRefused(csvMessages.notText);
  return text;
}

export function parseCsvExport<Row>(text: string, csv: CsvExport<Row>): ParsedExport<Row> {
  const delimiter = (text.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  const readHeader = (header: string[]) => {
    const columns = header.map((name) => name.trim().toLowerCase());
    const missing = csv.columns.filter((column) => !columns.includes(column));
    if (missing.length > 0) throw fileRefused(csvMessages.missingColumns(missing));
    return columns;
  };
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: readHeader,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // A quote inside an unquoted cell (Villa "Los Ñires") is part of the text.
      relax_quotes: true,
      relax_column_count: true,
      info: true,
    });
  } catch (error) {
    if (error instanceof CsvError) throw fileRefused(csvMessages.malformed(Number(error.lines) || 1));
    throw error;
  }
  if (records.length === 0) throw fileRefused(csv.messages.noLines);
  if (records.length > csv.maxLines) throw fileRefused(csv.messages.tooManyLines(csv.maxLines));
  const result: ParsedExport<Row> = { rows: [], rejected: [] };
  const firstLine = new Map<string, number>();
  for (const { record, info } of records) {
    const parsed = csv.row.safeParse(record);
    if (!parsed.success) {
      result.rejected.push({ line: info.lines, reason: parsed.error.issues.map((issue) => issue.message).join('; ') });
      continue;
    }
    const earlier = firstLine.get(csv.key(parsed.data));
    const refused = earlier !== undefined ? csv.repeated(parsed.data, earlier) : csv.refusal?.(parsed.data);
    if (refused !== undefined) result.rejected.push({ line: info.lines, reason: refused });
    else {
      firstLine.set(csv.key(parsed.data), info.lines);
      result.rows.push(parsed.data);
    }
  }
  return result;
}

/** Who imports: the signed-in admin, or the command line (no admin id). */
export interface ImportActor {
  id: string | null;
  email: string;
}
