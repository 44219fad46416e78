import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AdvisoryDetail, CurrentAdvisories, PastAdvisories } from '../../components/advisories/AdvisoryList.tsx';
import { advisorySummary } from '../../shared/advisories/public-texts.ts';
import { advisoryTitle } from '../../shared/advisories/words.ts';
import type { PublicAdvisory } from '../../shared/advisories/schema.ts';
import { ADVISORY_TEMPLATE } from '../../shared/advisories/template.ts';
import type { OutageTown } from '../../shared/outages/schema.ts';
import { jsonLd } from '../../shared/structured-data.ts';
import type { Database } from '../db/index.ts';
import { readAll } from '../db/reads.ts';
import { outageTownsRead } from '../outages/public.ts';
import { pageHeaders } from '../page-headers.ts';
import { currentAdvisoriesRead, findPublicAdvisory, pastAdvisoriesRead } from './public.ts';
import { specialAnnouncement } from './structured-data.ts';

/**
 * /avisos and /avisos/{id}, as /cortes (docs/features/advisories.md, "What the public sees"):
 * Astro prerenders each page with markers where the notices go, and the function
 * advisories-page fills them on each request (cached a minute), so a notice shows within a minute
 * of its publication, readable without JavaScript, and without rebuilding the site.
 */

/** Where the prerendered /avisos leaves room for the notices (src/pages/avisos.astro). */
export const CURRENT_MARKER = '<!--avisos:vigentes-->';
export const PAST_MARKER = '<!--avisos:anteriores-->';
/** Where the notice's template leaves room for it (src/pages/avisos/plantilla.astro). */
export const NOTICE_MARKER = '<!--aviso:contenido-->';
export const JSON_LD_MARKER = '<!--aviso:json-ld-->';

const withMarker = (page: string, marker: string, what: string) => {
  if (!page.includes(marker)) throw new Error(`The prerendered ${what} has no ${marker} marker.`);
  return page;
};

/** /avisos: the notices in force by town, and those lifted in the last 12 months. */
export function fillAdvisoriesPage(
  page: string,
  current: PublicAdvisory[],
  past: PublicAdvisory[],
  towns: OutageTown[],
): string {
  return withMarker(withMarker(page, CURRENT_MARKER, '/avisos'), PAST_MARKER, '/avisos')
    .replace(CURRENT_MARKER, () =>
      renderToStaticMarkup(createElement(CurrentAdvisories, { advisories: current, towns })),
    )
    .replace(PAST_MARKER, () => renderToStaticMarkup(createElement(PastAdvisories, { advisories: past })));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CANONICAL = /<link rel="canonical" href="([^"]+)"/;

/**
 * /avisos/{id}: the template with the notice, its title and summary in the head, its own canonical
 * address and its JSON-LD.
 */
export function fillAdvisoryPage(page: string, advisory: PublicAdvisory): string {
  // The template's canonical link names the site's public address (astro.config.mjs's `site`).
  const canonical = CANONICAL.exec(page)?.[1];
  if (!canonical) throw new Error("The notice's template has no canonical link.");
  const pageUrl = new URL(`/avisos/${advisory.id}`, canonical).href;
  const script = `<script type="application/ld+json">${jsonLd(specialAnnouncement(advisory, pageUrl))}</script>`;
  return withMarker(withMarker(page, NOTICE_MARKER, "notice's template"), JSON_LD_MARKER, "notice's template")
    .replace(CANONICAL, () => `<link rel="canonical" href="${escapeHtml(pageUrl)}"`)
    .replaceAll(ADVISORY_TEMPLATE.title, () => escapeHtml(advisoryTitle(advisory)))
    .replaceAll(ADVISORY_TEMPLATE.description, () => escapeHtml(advisorySummary(advisory)))
    .replace(JSON_LD_MARKER, () => script)
    .replace(NOTICE_MARKER, () => renderToStaticMarkup(createElement(AdvisoryDetail, { advisory })));
}

/** The built files the function fills in or answers, and netlify.toml for the pages' headers. */
export interface AdvisoryPageFiles {
  list: string;
  notice: string;
  notFound: string;
  netlifyToml: string;
}

/**
 * GET or HEAD /avisos and /avisos/{id}, with netlify.toml's page headers (its CSP): a draft, an
 * unknown or malformed id (the template's own path among them) answer the site's 404 page.
 */
export async function advisoryPageAnswer(req: Request, db: Database, files: AdvisoryPageFiles): Promise<Response> {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  // A HEAD is told the status and headers, without the page being made.
  const answer = async (status: number, html: () => Promise<string>) =>
    new Response(req.method === 'HEAD' ? null : await html(), {
      status,
      headers: {
        ...(await pageHeaders(files.netlifyToml)),
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=60',
      },
    });
  if (path === '/avisos') return answer(200, () => advisoriesPage(db, files.list));
  const id = /^\/avisos\/([^/]+)$/.exec(path)?.[1];
  const advisory = id === undefined ? undefined : await findPublicAdvisory(db, id);
  if (!advisory) return answer(404, () => readFile(files.notFound, 'utf8'));
  return answer(200, async () => fillAdvisoryPage(await readFile(files.notice, 'utf8'), advisory));
}

async function advisoriesPage(db: Database, file: string): Promise<string> {
  const [page, [current, past, towns]] = await Promise.all([
    readFile(file, 'utf8'),
    readAll(db, currentAdvisoriesRead, pastAdvisoriesRead(new Date()), outageTownsRead),
  ]);
  return fillAdvisoriesPage(page, current, past, towns);
}
