import type { Config } from '@netlify/functions';
import type { ReportsResponse } from '../../src/shared/news/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicJson, withErrorHandling } from '../../src/server/http.ts';
import { listActiveReports } from '../../src/server/public-lists.ts';

/** GET /api/reports (spec §7): active news items by their order. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return publicJson({ success: true, reports: await listActiveReports(getDatabase()) } satisfies ReportsResponse);
});

export const config: Config = { path: '/api/reports' };
