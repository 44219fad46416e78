import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FIXED_NEWS_DATA_ID, ServerNews, type FixedNewsItem } from '../islands/NewsBrowser.tsx';
import { htmlSummary } from '../server/html-summary.ts';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { listActiveReports } from '../server/public-lists.ts';
import { REPORT_QUERY, reportKey, reportPath, resolveReportKey } from '../shared/news/item-keys.ts';
import type { Report } from '../shared/news/schema.ts';
import { onFirstUse } from '../shared/on-first-use.ts';
import { pageDataIn } from '../ui/page-data.tsx';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';
import { fillHead } from './page-head.ts';

/**
 * /comunicados and each item's own page, /comunicados/{key}: the sidebar of the active dynamic
 * items and the fixed ones (which the built page holds as data, rendered from content/news) in the
 * HTML, with the item the address names, cached a minute like GET /api/reports, so what staff
 * publish shows within a minute.
 */

type NewsData = { reports: Report[]; requested: string | null };

const file = fileURLToPath(new URL('../../dist/comunicados.html', import.meta.url));
const cacheControl = PUBLIC_MINUTE['Cache-Control'];

/** The fixed items' keys, from the built page's data. */
const fixedKeys = onFirstUse(async () => {
  const page = await readFile(file, 'utf8');
  return new Set(pageDataIn<FixedNewsItem[]>(page, FIXED_NEWS_DATA_ID).map((item) => item.key));
});

function fill(page: string, { reports, requested }: NewsData, head: boolean): string {
  const fixed = pageDataIn<FixedNewsItem[]>(page, FIXED_NEWS_DATA_ID);
  // The key, title and text of every item the page can show.
  const items = [
    ...reports.map((report) => ({ key: reportKey(report), title: report.title, html: report.text })),
    ...fixed,
  ];
  const key = resolveReportKey(requested, new Set(items.map((item) => item.key)));
  const item = items.find((candidate) => candidate.key === key);
  const filled = fillMarkers(page, {
    [MARKERS.news]: () =>
      renderToStaticMarkup(
        createElement(ServerNews, {
          fixed,
          dynamic: reports,
          requested: key,
        }),
      ),
  });
  // /comunicados as built names itself; an item, its own address, title and summary.
  return head && item
    ? fillHead(filled, {
        title: item.title,
        description: htmlSummary(item.html) || item.title,
        path: reportPath(key),
        type: 'article',
      })
    : filled;
}

/**
 * /comunicados: the default item, or the one `?item=` names (the address items had before their
 * own, still shared), whose canonical link is the item's page; an unknown key shows the Covid
 * benefit item (spec §2).
 */
export const newsPage: FilledPage<NewsData> = {
  path: '/comunicados',
  file,
  cacheControl,
  read: async (db, _params, _now, query) => ({
    reports: await listActiveReports(db),
    requested: query.get(REPORT_QUERY),
  }),
  fill: (page, data) => fill(page, data, data.requested !== null),
};

/** /comunicados/{key}: one item at its own address; the site's 404 page for a key no active item has. */
export const newsItemPage: FilledPage<NewsData> = {
  path: '/comunicados/:key',
  file,
  notFound: fileURLToPath(new URL('../../dist/404.html', import.meta.url)),
  cacheControl,
  read: async (db, { key }) => {
    const [reports, fixed] = await Promise.all([listActiveReports(db), fixedKeys()]);
    return fixed.has(key!) || reports.some((report) => reportKey(report) === key)
      ? { reports, requested: key! }
      : undefined;
  },
  fill: (page, data) => fill(page, data, true),
};
