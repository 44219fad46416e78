import type { Config } from '@netlify/functions';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { listWarnings } from '../../src/server/consumption/warnings.ts';
import { byMethod } from '../../src/server/route-table.ts';

/**
 * GET /api/admin/accounts/warnings (docs/reference/admin-api.md): the high-consumption warnings of
 * the last readings imports, the most recent import first, each sent or with why not.
 */
export default adminEndpoint(async ({ req, db }) =>
  byMethod(req, { GET: async () => answer({ warnings: await listWarnings(db) }) }),
);

export const config: Config = { path: '/api/admin/accounts/warnings' };
