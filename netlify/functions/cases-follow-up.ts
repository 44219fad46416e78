import type { Config, Context } from '@netlify/functions';
import { FollowUpQuerySchema } from '../../src/shared/cases/schema.ts';
import { followUp } from '../../src/server/cases/follow-up.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';

/**
 * POST /api/seguimiento: a case's status, dates and replies for its reference and the
 * e-mail given in the form; 404 with one message for any wrong pair; 429 after too many.
 * A POST, so the e-mail never sits in a URL, a log or a cache.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const query = await readInput(req, FollowUpQuerySchema, 2_048);
  const found = await followUp(getDatabase(), query, context.ip);
  return json({ success: true, data: { case: found } }, 200, { 'Cache-Control': 'no-store' });
});

export const config: Config = {
  path: '/api/seguimiento',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
