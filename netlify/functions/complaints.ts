import type { Config } from '@netlify/functions';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { submitComplaint } from '../../src/server/complaints.ts';
import { jsonFormEndpoint } from '../../src/server/json-form-endpoint.ts';

/** POST /api/reclamos (spec §7): stores the complaint, mails the utility, answers the reference. */
export default jsonFormEndpoint(ComplaintSchema, submitComplaint);

export const config: Config = {
  path: '/api/reclamos',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
