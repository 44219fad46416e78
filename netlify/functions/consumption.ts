import type { Config } from '@netlify/functions';
import { ConsumptionLookupSchema } from '../../src/shared/consumption/schema.ts';
import { lookUpConsumption } from '../../src/server/consumption/lookup.ts';
import { lookUpEndpoint } from '../../src/server/look-up-endpoint.ts';

/**
 * POST /api/consumo (docs/features/consumption.md): a service's last periods, why its last bill
 * changed and the events in its town, for its number and the holder's RUT; 404 with one message
 * for any wrong pair; 429 after too many.
 */
export default lookUpEndpoint(ConsumptionLookupSchema, 1_024, lookUpConsumption);

export const config: Config = {
  path: '/api/consumo',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
