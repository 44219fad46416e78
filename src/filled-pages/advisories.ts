import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AdvisoryDetail, CurrentAdvisories, PastAdvisories } from '../components/advisories/AdvisoryList.tsx';
import { currentAdvisoriesRead, findPublicAdvisory, pastAdvisoriesRead } from '../server/advisories/public.ts';
import { specialAnnouncement } from '../server/advisories/structured-data.ts';
import { readAll } from '../server/db/reads.ts';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { outageTownsRead } from '../server/outages/public.ts';
import { advisorySummary } from '../shared/advisories/public-texts.ts';
import type { PublicAdvisory } from '../shared/advisories/schema.ts';
import { advisoryTitle } from '../shared/advisories/words.ts';
import type { OutageTown } from '../shared/outages/schema.ts';
import { jsonLd } from '../shared/structured-data.ts';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';
import { canonicalUrl, fillHead } from './page-head.ts';

/**
 * /avisos and /avisos/{id} (docs/features/advisories.md, "What the public sees"), cached a minute:
 * a notice shows within a minute of its publication, without rebuilding the site.
 */

const MINUTE = PUBLIC_MINUTE['Cache-Control'];

/** /avisos: the notices in force by town, and those lifted in the last 12 months. */
export const advisoriesPage: FilledPage<{ current: PublicAdvisory[]; past: PublicAdvisory[]; towns: OutageTown[] }> = {
  path: '/avisos',
  file: fileURLToPath(new URL('../../dist/avisos.html', import.meta.url)),
  cacheControl: MINUTE,
  read: async (db, _params, now) => {
    const [current, past, towns] = await readAll(db, currentAdvisoriesRead, pastAdvisoriesRead(now), outageTownsRead);
    return { current, past, towns };
  },
  fill: (page, { current, past, towns }) =>
    fillMarkers(page, {
      [MARKERS.currentAdvisories]: () =>
        renderToStaticMarkup(createElement(CurrentAdvisories, { advisories: current, towns })),
      [MARKERS.pastAdvisories]: () => renderToStaticMarkup(createElement(PastAdvisories, { advisories: past })),
    }),
};

/**
 * /avisos/{id}: the notice's template with the notice, its title, summary and own address in the
 * head, and its JSON-LD; the site's 404 page for a draft, an unknown or malformed id (the
 * template's own path among them).
 */
export const advisoryPage: FilledPage<PublicAdvisory> = {
  // Any path below /avisos/, a longer one too: findPublicAdvisory takes only an id.
  path: '/avisos/*',
  file: fileURLToPath(new URL('../../dist/avisos/plantilla.html', import.meta.url)),
  notFound: fileURLToPath(new URL('../../dist/404.html', import.meta.url)),
  cacheControl: MINUTE,
  read: (db, { 0: id }) => findPublicAdvisory(db, id!),
  fill: (page, advisory) => {
    // The template's words (ADVISORY_TEMPLATE) are its head's, which the notice's replace.
    const filled = fillHead(page, {
      title: advisoryTitle(advisory),
      description: advisorySummary(advisory),
      path: `/avisos/${advisory.id}`,
      type: 'article',
    });
    return fillMarkers(filled, {
      [MARKERS.advisoryJsonLd]: () =>
        `<script type="application/ld+json">${jsonLd(specialAnnouncement(advisory, canonicalUrl(filled)))}</script>`,
      [MARKERS.advisory]: () => renderToStaticMarkup(createElement(AdvisoryDetail, { advisory })),
    });
  },
};
