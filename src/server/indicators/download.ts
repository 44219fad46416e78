import type { IndicatorsResponse } from '../../shared/indicators/schema.ts';
import type { Database } from '../db/index.ts';
import { PUBLIC_MINUTE, publicJson } from '../http.ts';
import { indicatorsCsv } from './csv.ts';
import { readIndicators } from './public.ts';

/**
 * GET or HEAD /indicadores.csv and /api/indicadores: the figures of the page /indicadores
 * (src/filled-pages/indicators.ts), cached like it.
 */
export async function indicatorsDownload(req: Request, db: Database, now: Date): Promise<Response> {
  const csv = new URL(req.url).pathname === '/indicadores.csv';
  const headers = csv
    ? {
        ...PUBLIC_MINUTE,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="indicadores.csv"',
      }
    : { ...PUBLIC_MINUTE, 'Content-Type': 'application/json' };
  if (req.method === 'HEAD') return new Response(null, { headers });
  const indicators = await readIndicators(db, now);
  if (!csv) return publicJson({ success: true, ...indicators } satisfies IndicatorsResponse);
  return new Response(indicatorsCsv(indicators), { headers });
}
