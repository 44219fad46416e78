import type { Config } from '@netlify/functions';
import type { OutagesResponse } from '../../src/shared/outages/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicJson, withErrorHandling } from '../../src/server/http.ts';
import { readAll } from '../../src/server/db/reads.ts';
import { outageTownsRead, publicOutagesRead } from '../../src/server/outages/public.ts';
import { aysenIso } from '../../src/shared/time/wall-clock.ts';

/** GET /api/outages: current and upcoming outages and the towns; no personal data, cached a minute. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const [outages, towns] = await readAll(getDatabase(), publicOutagesRead, outageTownsRead);
  return publicJson({ success: true, outages, towns, readAt: aysenIso(Date.now()) } satisfies OutagesResponse);
});

export const config: Config = { path: '/api/outages' };
