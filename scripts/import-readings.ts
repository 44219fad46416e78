/**
 * `npm run readings:import -- lecturas.csv`: loads the billing system's readings export into
 * consumption_periods (src/server/consumption/readings-import.ts); prints the lines it left out
 * with their reasons. The admin area does the same at /admin/cuentas/lecturas.
 */
import { PERIODS_KEPT } from '../src/shared/consumption/schema.ts';
import { importReadings, parseReadingsCsv, readingAccounts } from '../src/server/consumption/readings-import.ts';
import { runImportCommand } from './lib/csv-import-command.ts';

await runImportCommand({
  name: 'readings:import',
  usage: 'npm run readings:import -- <lecturas.csv>',
  parse: async (db, text) => parseReadingsCsv(text, await readingAccounts(db)),
  import: async (db, rows, { actor, rejectedLines }) => {
    const { replaced, removed } = await importReadings(db, rows, { actor, rejectedLines });
    return {
      warnings: [],
      summary: `Imported ${rows.length} period(s), ${replaced} of them replacing one kept; ${removed} older period(s) removed to keep ${PERIODS_KEPT} a service; ${rejectedLines} line(s) left out.`,
    };
  },
});
