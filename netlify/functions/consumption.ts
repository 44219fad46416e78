import type { Config, Context } from '@netlify/functions';
import { ConsumptionLookupSchema } from '../../src/shared/consumption/schema.ts';
import { lookUpConsumption } from '../../src/server/consumption/lookup.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';

/**
 * POST /api/consumo (docs/features/consumption.md): a service's last periods, why its last bill
 * changed and the events in its town, for its number and the holder's RUT; 404 with one message
 * for any wrong pair; 429 after too many. A POST, so the RUT never sits in a URL, a log or a cache.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const lookup = await readInput(req, ConsumptionLookupSchema, 1_024);
  const data = await lookUpConsumption(getDatabase(), lookup, context.ip);
  return json({ success: true, data }, 200, { 'Cache-Control': 'no-store' });
});

export const config: Config = {
  path: '/api/consumo',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
