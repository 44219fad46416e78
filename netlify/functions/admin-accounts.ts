import type { Config } from '@netlify/functions';
import { AccountsImportSchema } from '../../src/shared/accounts/schema.ts';
import {
  decodeAccountsFile,
  importAccounts,
  importReport,
  accountTowns,
  parseAccountsCsv,
} from '../../src/server/accounts-import.ts';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { readInput } from '../../src/server/http.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { discardUpload, readCompletedUpload } from '../../src/server/uploads/files.ts';

/**
 * POST /api/admin/accounts/import (docs/reference/admin-api.md): imports the billing system's CSV export,
 * sent first as a chunked upload of purpose `accounts` (a realistic export is a few MB, more
 * than a request to a function may carry), and answers the report of `npm run accounts:import`.
 * The upload is deleted once read: the accounts table holds its data.
 */
export default adminEndpoint(async ({ req, admin, db }) =>
  byMethod(req, {
    POST: async () => {
      const { uploadId, exportedAt } = await readInput(req, AccountsImportSchema, 1_024);
      const store = uploadStore();
      const bytes = await readCompletedUpload(db, store, uploadId, 'accounts');
      try {
        const parsed = parseAccountsCsv(decodeAccountsFile(bytes), await accountTowns(db));
        const kept =
          parsed.rows.length > 0
            ? await importAccounts(db, parsed.rows, { exportedAt, actor: admin, rejectedLines: parsed.rejected.length })
            : [];
        return answer({ report: importReport(exportedAt, parsed, kept) });
      } finally {
        await discardUpload(db, store, uploadId);
      }
    },
  }),
);

export const config: Config = { path: '/api/admin/accounts/import' };
