import type { Config } from '@netlify/functions';
import { AccountsImportSchema } from '../../src/shared/accounts/schema.ts';
import { ReadingsImportSchema } from '../../src/shared/consumption/readings-import.ts';
import { accountTowns, importAccounts, importReport, parseAccountsCsv } from '../../src/server/accounts-import.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import {
  importReadings,
  parseReadingsCsv,
  readingAccounts,
  readingsReport,
} from '../../src/server/consumption/readings-import.ts';
import { warnHighConsumption } from '../../src/server/consumption/warnings.ts';
import { config as settings } from '../../src/server/config.ts';
import { readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { withUploadedCsv } from '../../src/server/imports/uploaded.ts';

/**
 * The billing system's two CSV exports (docs/reference/admin-api.md), each sent first as a chunked
 * upload of its own purpose and answered with the report of its npm command:
 * POST /api/admin/accounts/import (`npm run accounts:import`) and POST /api/admin/readings/import
 * (`npm run readings:import`).
 */
export default adminRoutes({
  '/api/admin/accounts/import': {
    POST: async ({ req, admin, db }) => {
      const { uploadId, exportedAt } = await readInput(req, AccountsImportSchema, 1_024);
      return withUploadedCsv(db, uploadId, 'accounts', async (text) => {
        const parsed = parseAccountsCsv(text, await accountTowns(db));
        const kept =
          parsed.rows.length > 0
            ? await importAccounts(db, parsed.rows, { exportedAt, actor: admin, rejectedLines: parsed.rejected.length })
            : [];
        return answer({ report: importReport(exportedAt, parsed, kept) });
      });
    },
  },
  '/api/admin/readings/import': {
    POST: async ({ req, context, admin, db }) => {
      const { uploadId } = await readInput(req, ReadingsImportSchema, 1_024);
      return withUploadedCsv(db, uploadId, 'readings', async (text) => {
        const parsed = parseReadingsCsv(text, await readingAccounts(db));
        const imported = await importReadings(db, parsed.rows, { actor: admin, rejectedLines: parsed.rejected.length });
        // Once per service and period: an import retried after this point warns nobody twice.
        const warnings = await warnHighConsumption(db, imported.written, settings.siteAddress(context.site));
        context.waitUntil(deliverDueMail());
        return answer({ report: readingsReport(parsed, imported, warnings) });
      });
    },
  },
});

export const config: Config = { path: ['/api/admin/accounts/import', '/api/admin/readings/import'] };
