import type { Config } from '@netlify/functions';
import {
  WarningOptOutSchema,
  warningMessages,
  type WarningOptOutAnswer,
} from '../../src/shared/consumption/warnings.ts';
import { optOutOfWarnings } from '../../src/server/consumption/warnings.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, readUnsubscription, withErrorHandling } from '../../src/server/http.ts';

/**
 * POST /api/consumo/avisos/baja: the token of a high-consumption warning's link stops the
 * warnings of its service. A POST the page's button sends, never a GET: mail scanners open links.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const { token } = await readUnsubscription(req, WarningOptOutSchema, 1_024);
  await optOutOfWarnings(getDatabase(), token);
  return json({ success: true, message: warningMessages.optedOut } satisfies WarningOptOutAnswer);
});

export const config: Config = {
  path: '/api/consumo/avisos/baja',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
