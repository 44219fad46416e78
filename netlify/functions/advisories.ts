import type { Config } from '@netlify/functions';
import type { AdvisoriesResponse } from '../../src/shared/advisories/schema.ts';
import { listCurrentAdvisories } from '../../src/server/advisories/public.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicJson, withErrorHandling } from '../../src/server/http.ts';

/** GET /api/advisories: the notices in force, health ones first; no personal data, cached a minute. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return publicJson({
    success: true,
    advisories: await listCurrentAdvisories(getDatabase()),
  } satisfies AdvisoriesResponse);
});

export const config: Config = { path: '/api/advisories' };
