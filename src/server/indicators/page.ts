import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IndicatorTables } from '../../components/indicators/IndicatorTables.tsx';
import type { Indicators, IndicatorsResponse } from '../../shared/indicators/schema.ts';
import type { Database } from '../db/index.ts';
import { PUBLIC_MINUTE, publicJson } from '../http.ts';
import { pageHeaders } from '../page-headers.ts';
import { indicatorsCsv } from './csv.ts';
import { readIndicators } from './public.ts';

/**
 * /indicadores, as /avisos (docs/features/indicators.md): Astro prerenders the page with a marker
 * where the figures go, and the function indicators-page fills it on each request, cached a minute
 * like /avisos, so a change in the records shows within a minute, readable without JavaScript and
 * without rebuilding the site. /indicadores.csv and GET /api/indicadores carry the same figures.
 */

/** Where the prerendered /indicadores leaves room for the figures (src/pages/indicadores.astro). */
export const INDICATORS_MARKER = '<!--indicadores:cifras-->';

export function fillIndicatorsPage(page: string, indicators: Indicators): string {
  if (!page.includes(INDICATORS_MARKER))
    throw new Error(`The prerendered /indicadores has no ${INDICATORS_MARKER} marker.`);
  return page.replace(INDICATORS_MARKER, () => renderToStaticMarkup(createElement(IndicatorTables, { indicators })));
}

/** The built page the function fills in, and netlify.toml for the page's headers. */
export interface IndicatorsPageFiles {
  page: string;
  netlifyToml: string;
}

/** GET or HEAD /indicadores, with netlify.toml's page headers (its CSP); a HEAD is not computed. */
export async function indicatorsPageAnswer(
  req: Request,
  db: Database,
  files: IndicatorsPageFiles,
  now: Date,
): Promise<Response> {
  const headers = await pageHeaders(files.netlifyToml);
  const body =
    req.method === 'HEAD'
      ? null
      : fillIndicatorsPage(await readFile(files.page, 'utf8'), await readIndicators(db, now));
  return new Response(body, {
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', ...PUBLIC_MINUTE },
  });
}

/** GET or HEAD /indicadores.csv and /api/indicadores: the same figures, cached like the page. */
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
