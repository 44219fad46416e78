import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import OutageHistory from '../../components/outages/OutageHistory.tsx';
import type { OutageHistoryTown } from '../../shared/outages/schema.ts';
import type { Database } from '../db/index.ts';
import { pageHeaders } from '../page-headers.ts';
import { historyByTown } from './history.ts';

/**
 * /cortes/historial, as /cortes and /avisos (docs/features/outages.md, "History and days without
 * supply"): Astro prerenders the page with a marker where the tables go, and the function
 * outages-history-page fills it on each request (cached a minute), readable without JavaScript and
 * without rebuilding the site when staff record an outage's real times.
 */

/** Where the prerendered page leaves room for the towns' tables (src/pages/cortes/historial.astro). */
export const HISTORY_MARKER = '<!--cortes:historial-->';

export function fillHistoryPage(page: string, since: string, towns: OutageHistoryTown[]): string {
  if (!page.includes(HISTORY_MARKER)) throw new Error('The prerendered /cortes/historial has no history marker.');
  return page.replace(HISTORY_MARKER, () => renderToStaticMarkup(createElement(OutageHistory, { since, towns })));
}

/** The built page the function fills in, and netlify.toml for the pages' headers. */
export interface HistoryPageFiles {
  page: string;
  netlifyToml: string;
}

/** GET or HEAD /cortes/historial with netlify.toml's page headers (its CSP); a HEAD reads no database. */
export async function historyPageAnswer(
  req: Request,
  db: Database,
  files: HistoryPageFiles,
  now: Date,
): Promise<Response> {
  const headers = {
    ...(await pageHeaders(files.netlifyToml)),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'public, max-age=60',
  };
  if (req.method === 'HEAD') return new Response(null, { headers });
  const [page, { since, towns }] = await Promise.all([readFile(files.page, 'utf8'), historyByTown(db, now)]);
  return new Response(fillHistoryPage(page, since, towns), { headers });
}
