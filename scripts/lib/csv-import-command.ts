import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Database } from '../../src/server/db/index.ts';
import { Invalid } from '../../src/server/errors.ts';
import { decodeCsvFile, type ImportActor, type ParsedExport } from '../../src/server/imports/csv-import.ts';
import { commandDatabase } from './command-database.ts';

/**
 * The one command line of the billing system's CSV exports (`npm run accounts:import`,
 * `npm run readings:import`): reads the file, prints each line it left out with its reason, imports
 * the others into the database at NETLIFY_DB_URL (or the running `npm start`'s) and prints the
 * counts. Exit code 1 when the file or the options are refused, 2 when any line was left out.
 */
export interface ImportCommand<Row, Options> {
  /** The npm script's name, the audit row's author. */
  name: string;
  usage: string;
  options?: ParseArgsOptionsConfig;
  /** The command's own options, checked: a message to print (exit code 1) or what the import takes. */
  read?: (values: Record<string, unknown>) => { error: string } | { options: Options };
  parse: (db: Database, text: string) => Promise<ParsedExport<Row>>;
  /** Imports the rows (maybe none) and answers the lines to print: warnings, then the summary. */
  import: (
    db: Database,
    rows: Row[],
    context: { actor: ImportActor; rejectedLines: number; options: Options },
  ) => Promise<{ warnings: string[]; summary: string }>;
}

export async function runImportCommand<Row, Options>(command: ImportCommand<Row, Options>): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: command.options ?? {} });
  const file = positionals[0];
  if (!file) {
    console.error(`Usage: ${command.usage}`);
    process.exit(1);
  }
  const read = command.read?.(values) ?? { options: undefined as Options };
  if ('error' in read) {
    console.error(read.error);
    process.exit(1);
  }
  const db = await commandDatabase();
  let parsed: ParsedExport<Row>;
  try {
    parsed = await command.parse(db, decodeCsvFile(await readFile(file)));
  } catch (error) {
    await db.close();
    if (!(error instanceof Invalid)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { rows, rejected } = parsed;
  for (const { line, reason } of rejected) console.warn(`line ${line} left out: ${reason}`);
  try {
    const { warnings, summary } = await command.import(db, rows, {
      actor: { id: null, email: `npm run ${command.name}` },
      rejectedLines: rejected.length,
      options: read.options,
    });
    for (const warning of warnings) console.warn(warning);
    console.log(summary);
  } finally {
    await db.close();
  }
  process.exitCode = rejected.length > 0 ? 2 : 0;
}
