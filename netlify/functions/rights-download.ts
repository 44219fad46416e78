import type { Config } from '@netlify/functions';
import { RightsDownloadSchema } from '../../src/shared/rights/records/schema.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { arrivalOf, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { privateDownload } from '../../src/server/uploads/published.ts';
import { downloadExport } from '../../src/server/rights/export.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/**
 * POST /api/derechos/descarga: the ZIP of a rights export, once, for the token of the link mailed
 * with it (src/server/rights/export.ts). A POST the page's button sends, never a GET: mail
 * scanners open links, and one that downloaded would spend the person's only download.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const { token } = await readInput(req, RightsDownloadSchema, 1_024);
  const { bytes, fileName } = await downloadExport(getDatabase(), uploadStore(), token, arrivalOf(req).at);
  // Streamed: Netlify buffers at most 6 MB of an answer, and a ZIP with CVs may be larger.
  return privateDownload(new Blob([bytes]).stream(), fileName);
});

export const config: Config = {
  path: '/api/derechos/descarga',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
