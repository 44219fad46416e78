import type { Config } from '@netlify/functions';
import type { EducationResponse } from '../../src/shared/education/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicJson, withErrorHandling } from '../../src/server/http.ts';
import { listVisibleEducationDocuments } from '../../src/server/public-lists.ts';

/** GET /api/education/documents (spec §7): the education resources that are not hidden. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return publicJson({
    success: true,
    documents: await listVisibleEducationDocuments(getDatabase()),
  } satisfies EducationResponse);
});

export const config: Config = { path: '/api/education/documents' };
