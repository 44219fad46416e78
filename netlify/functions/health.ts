import type { Config, Context } from '@netlify/functions';
import { healthMessages, type HealthResponse } from '../../src/shared/health/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { errorSummary } from '../../src/server/error-summary.ts';
import { pingDatabase } from '../../src/server/health.ts';
import { failure, json, methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';

/**
 * GET /api/health: `{ ok: true }` when the functions answer, without touching the
 * database, for uptime monitors and as the benchmark's baseline; `?db=1` also pings the database
 * and answers 503 when it does not answer.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  if (new URL(req.url).searchParams.get('db') !== '1') return json({ ok: true } satisfies HealthResponse);
  const ping = await pingDatabase(getDatabase);
  if (!ping.ok) {
    console.error(`[${context.requestId}] health: the database did not answer: ${errorSummary(ping.error)}`);
    return failure(503, healthMessages.databaseDown, { requestId: context.requestId });
  }
  return json({ ok: true, database: true } satisfies HealthResponse);
});

export const config: Config = { path: '/api/health' };
