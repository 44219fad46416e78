import type { IndicatorsResponse } from '../../shared/indicators/schema.ts';
import type { CsvDialect } from '../csv-export.ts';
import type { Database } from '../db/index.ts';
import { PUBLIC_MINUTE, publicJson } from '../http.ts';
import { indicatorsCsv } from './csv.ts';
import { readIndicators } from './public.ts';

/** The CSV files of /indicadores, by their address: the file's name and its dialect. */
const CSV_FILES: Record<string, CsvDialect> = {
  'indicadores.csv': 'programs',
  'indicadores-excel.csv': 'excel',
};

/**
 * GET or HEAD /indicadores.csv, /indicadores-excel.csv and /api/indicadores: the figures of the
 * page /indicadores (src/filled-pages/indicators.ts), cached like it.
 */
export async function indicatorsDownload(req: Request, db: Database, now: Date): Promise<Response> {
  const file = new URL(req.url).pathname.slice(1);
  const dialect = CSV_FILES[file];
  const headers = dialect
    ? {
        ...PUBLIC_MINUTE,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
      }
    : { ...PUBLIC_MINUTE, 'Content-Type': 'application/json' };
  if (req.method === 'HEAD') return new Response(null, { headers });
  const indicators = await readIndicators(db, now);
  if (!dialect) return publicJson({ success: true, ...indicators } satisfies IndicatorsResponse);
  return new Response(indicatorsCsv(indicators, dialect), { headers });
}
