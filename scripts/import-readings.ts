/**
 * `npm run readings:import -- lecturas.csv`: loads the billing system's readings export into
 * consumption_periods (src/server/consumption/readings-import.ts); prints the lines it left out
 * with their reasons, and warns the services whose new period is a high consumption
 * (src/server/consumption/warnings.ts). The admin area does the same at /admin/cuentas/lecturas.
 */
import { PERIODS_KEPT } from '../src/shared/consumption/schema.ts';
import { importReadings, parseReadingsCsv, readingAccounts } from '../src/server/consumption/readings-import.ts';
import { config as settings } from '../src/server/config.ts';
import { warnHighConsumption } from '../src/server/consumption/warnings.ts';
import { runImportCommand } from './lib/csv-import-command.ts';

/** On the local `npm start`'s database, its address (SITE_URL still wins); on NETLIFY_DB_URL's, SITE_URL alone. */
const localSite = () =>
  process.env.NETLIFY_DB_URL ? undefined : { url: `http://localhost:${process.env.PORT ?? 8888}` };

await runImportCommand({
  name: 'readings:import',
  usage: 'npm run readings:import -- <lecturas.csv>',
  parse: async (db, text) => parseReadingsCsv(text, await readingAccounts(db)),
  import: async (db, rows, { actor, rejectedLines }) => {
    const { replaced, removed, written } = await importReadings(db, rows, { actor, rejectedLines });
    // The mails go out from the running site's outbox (its retries); their links need its address.
    const { warned, mailed } = await warnHighConsumption(db, written, settings.siteAddress(localSite()));
    return {
      warnings: [],
      summary: `Imported ${rows.length} period(s), ${replaced} of them replacing one kept; ${removed} older period(s) removed to keep ${PERIODS_KEPT} a service; ${warned} warned of high consumption (${mailed} mailed); ${rejectedLines} line(s) left out.`,
    };
  },
});
