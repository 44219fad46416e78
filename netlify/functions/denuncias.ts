import type { Config } from '@netlify/functions';
import { DenunciaSchema } from '../../src/shared/denuncias/schema.ts';
import { config as settings } from '../../src/server/config.ts';
import { submitDenuncia } from '../../src/server/denuncias/submit.ts';
import { multipartFormEndpoint } from '../../src/server/multipart-endpoint.ts';

/**
 * POST /api/denuncias (spec §7): the confidential complaint, multipart with display labels and
 * an optional file. Answers are never cached (the shared JSON helper says no-store) and nothing
 * about the sender's connection is read or stored. Without the encryption key (production)
 * every denuncia is refused with 503, never stored in the clear.
 */
export default multipartFormEndpoint({
  schema: DenunciaSchema,
  purpose: 'denuncia',
  requires: () => settings.denunciasKey(),
  submit: submitDenuncia,
});

export const config: Config = {
  path: '/api/denuncias',
  rateLimit: { windowSize: 60, windowLimit: 5, aggregateBy: ['ip', 'domain'] },
};
