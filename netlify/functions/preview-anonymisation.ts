import type { Config } from '@netlify/functions';
import { PreviewAnonymisationSchema } from '../../src/shared/preview/schema.ts';
import { previewMessages } from '../../src/shared/preview/texts.ts';
import { answer } from '../../src/server/admin-endpoint.ts';
import { config as settings } from '../../src/server/config.ts';
import { databaseAt, getDatabase } from '../../src/server/db/index.ts';
import { runtimeDeployContext } from '../../src/server/deploy-context.ts';
import { NotAllowed, NotFound, NotSignedIn } from '../../src/server/errors.ts';
import { readInput, withErrorHandling } from '../../src/server/http.ts';
import { sameSecret } from '../../src/server/link-tokens.ts';
import { anonymiseBranch } from '../../src/server/preview-anonymisation.ts';
import { byMethod } from '../../src/server/route-table.ts';

/**
 * POST /api/preview-anonymisation: a deploy preview's build (scripts/anonymise-preview.ts) hands
 * production its database branch, and production's code, not the pull request's, anonymises and
 * marks it (docs/guides/deploy.md, section 3a). Served only by the production deploy, to the holder of
 * PREVIEW_ANONYMISATION_TOKEN; never on production's own database.
 */
export default withErrorHandling(async (req: Request) =>
  byMethod(req, {
    POST: async () => {
      if (!settings.isLocal() && runtimeDeployContext() !== 'production')
        throw new NotFound(previewMessages.productionOnly);
      const { connectionString } = await readInput(req, PreviewAnonymisationSchema, 4_096);
      const expected = settings.previewAnonymisationToken();
      if (!expected) throw new NotAllowed(previewMessages.notConfigured);
      const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
      if (scheme !== 'Bearer' || !token) throw new NotSignedIn(previewMessages.wrongToken);
      if (!sameSecret(token, expected)) throw new NotAllowed(previewMessages.wrongToken);
      const branch = databaseAt(connectionString);
      try {
        return answer({ outcome: await anonymiseBranch(getDatabase(), branch, connectionString) });
      } finally {
        await branch.close();
      }
    },
  }),
);

export const config: Config = {
  path: '/api/preview-anonymisation',
  // One call per preview build; this keeps anyone from guessing the token.
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
