import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { indicatorsDownload } from '../../src/server/indicators/download.ts';

/**
 * GET /api/indicadores (IndicatorsResponseSchema), /indicadores.csv (for programs) and
 * /indicadores-excel.csv (for a spreadsheet): /indicadores' figures; no personal data, cached a
 * minute like the page.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return indicatorsDownload(req, getDatabase(), new Date());
});

export const config: Config = { path: ['/api/indicadores', '/indicadores.csv', '/indicadores-excel.csv'] };
