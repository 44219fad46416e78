import type { Config } from '@netlify/functions';
import { FollowUpQuerySchema } from '../../src/shared/cases/schema.ts';
import { followUp } from '../../src/server/cases/follow-up.ts';
import { lookUpEndpoint } from '../../src/server/look-up-endpoint.ts';

/**
 * POST /api/seguimiento: a case's status, dates and replies for its reference and the
 * e-mail given in the form; 404 with one message for any wrong pair; 429 after too many.
 */
export default lookUpEndpoint(FollowUpQuerySchema, 2_048, async (db, query, address) => ({
  case: await followUp(db, query, address),
}));

export const config: Config = {
  path: '/api/seguimiento',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
