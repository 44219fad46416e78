import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FIXED_NEWS_DATA_ID, ServerNews, type FixedNewsItem } from '../islands/NewsBrowser.tsx';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { listActiveReports } from '../server/public-lists.ts';
import { REPORT_QUERY } from '../shared/news/item-keys.ts';
import type { Report } from '../shared/news/schema.ts';
import { pageDataIn } from '../ui/page-data.tsx';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /comunicados: the sidebar of the active dynamic items and the fixed ones (which the built page
 * holds as data, rendered from content/news) in the HTML, and the item `?item=` names, cached a
 * minute like GET /api/reports, so what staff publish shows within a minute.
 */
export const newsPage: FilledPage<{ reports: Report[]; requested: string | null }> = {
  path: '/comunicados',
  file: fileURLToPath(new URL('../../dist/comunicados.html', import.meta.url)),
  cacheControl: PUBLIC_MINUTE['Cache-Control'],
  read: async (db, _params, _now, query) => ({
    reports: await listActiveReports(db),
    requested: query.get(REPORT_QUERY),
  }),
  fill: (page, { reports, requested }) =>
    fillMarkers(page, {
      [MARKERS.news]: () =>
        renderToStaticMarkup(
          createElement(ServerNews, {
            fixed: pageDataIn<FixedNewsItem[]>(page, FIXED_NEWS_DATA_ID),
            dynamic: reports,
            requested,
          }),
        ),
    }),
};
