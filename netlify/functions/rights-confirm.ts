import type { Config } from '@netlify/functions';
import { RightsConfirmSchema } from '../../src/shared/rights/schema.ts';
import { confirmTexts } from '../../src/shared/rights/texts.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { arrivalOf, json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';

/**
 * POST /api/derechos/confirmar: the token of the link mailed to a rights request's e-mail confirms
 * it, once. A POST the page's button sends, never a GET: mail scanners open links.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const { token } = await readInput(req, RightsConfirmSchema, 1_024);
  const reference = await confirmRightsEmail(getDatabase(), token, arrivalOf(req).at);
  return json({ success: true, message: confirmTexts.confirmed(reference), data: { reference } });
});

export const config: Config = {
  path: '/api/derechos/confirmar',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
