import type { Config } from '@netlify/functions';
import {
  OutageLookupSchema,
  outageLookupMessages,
  type OutageLookupResponse,
} from '../../src/shared/outages/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { lookUpService } from '../../src/server/outages/lookup.ts';

/**
 * POST /api/outages/lookup ("¿Me afecta?"): the town of a service number and its town's outages of
 * the last 12 months with the days without supply they count (Ley 19.496 art. 25 A), and nothing
 * else of its account (no balance, no address). A POST, so the number stays out of logs and caches.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const { serviceNumber } = await readInput(req, OutageLookupSchema, 1_024);
  const found = await lookUpService(getDatabase(), serviceNumber, new Date());
  if (found.kind === 'unknown') throw new NotFound(outageLookupMessages.unknownService, 'serviceNumber');
  if (found.kind === 'no-town') throw new NotFound(outageLookupMessages.noTown, 'serviceNumber');
  return json({ success: true, town: found.town, history: found.history } satisfies OutageLookupResponse);
});

// As /api/ticket: a guessed number answers whether it exists, so guessing is slowed.
export const config: Config = {
  path: '/api/outages/lookup',
  rateLimit: { windowSize: 60, windowLimit: 30, aggregateBy: ['ip', 'domain'] },
};
