import type { Config } from '@netlify/functions';
import { MotorhomeSchema } from '../../src/shared/motorhome/schema.ts';
import { jsonFormEndpoint } from '../../src/server/json-form-endpoint.ts';
import { submitMotorhome } from '../../src/server/motorhome.ts';

/** POST /api/motorhome (spec §7): stores the registration and mails the dumping-point team. */
export default jsonFormEndpoint(MotorhomeSchema, submitMotorhome);

export const config: Config = {
  path: '/api/motorhome',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
