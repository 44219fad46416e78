import type { Config } from '@netlify/functions';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { submitContact } from '../../src/server/contact.ts';
import { jsonFormEndpoint } from '../../src/server/json-form-endpoint.ts';

/** POST /api/contacto (spec §7): stores the message, mails the utility, answers the reference. */
export default jsonFormEndpoint(ContactSchema, submitContact);

export const config: Config = {
  path: '/api/contacto',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
