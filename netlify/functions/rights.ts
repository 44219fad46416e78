import type { Config } from '@netlify/functions';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { jsonFormEndpoint } from '../../src/server/json-form-endpoint.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';

/**
 * POST /api/derechos: a rights request (Ley 21.719) from /privacidad/derechos; stores it with its
 * case and mails the link that confirms the e-mail; answers the reference and the due date.
 */
export default jsonFormEndpoint(RightsRequestSchema, submitRightsRequest);

export const config: Config = {
  path: '/api/derechos',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
