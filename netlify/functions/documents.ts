import type { Config } from '@netlify/functions';
import type { DocumentsResponse } from '../../src/shared/documents/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, publicJson, withErrorHandling } from '../../src/server/http.ts';
import { listCompanyDocuments } from '../../src/server/public-lists.ts';

/** GET /api/documents (spec §7): the annual reports and financial statements with a file. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return publicJson({
    success: true,
    documents: await listCompanyDocuments(getDatabase()),
  } satisfies DocumentsResponse);
});

export const config: Config = { path: '/api/documents' };
