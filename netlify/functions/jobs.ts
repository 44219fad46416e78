import type { Config } from '@netlify/functions';
import { JobApplicationSchema } from '../../src/shared/jobs/schema.ts';
import { uploadMessages } from '../../src/shared/uploads/schema.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { multipartFormEndpoint } from '../../src/server/multipart-endpoint.ts';

/** POST /api/job (spec §7): multipart name, email, rut, address, fileName and the CV. */
export default multipartFormEndpoint({
  schema: JobApplicationSchema,
  purpose: 'cv',
  missingFile: uploadMessages.missingCv,
  submit: (db, application, cv, arrival) => submitJobApplication(db, application, cv!, arrival),
});

export const config: Config = {
  path: '/api/job',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
