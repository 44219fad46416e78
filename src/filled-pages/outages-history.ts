import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import OutageHistory from '../components/outages/OutageHistory.tsx';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { historyByTown } from '../server/outages/history.ts';
import type { OutageHistoryTown } from '../shared/outages/schema.ts';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /cortes/historial (docs/features/outages.md, "History and days without supply"): the outages of
 * the last 12 months by town, cached a minute, current when staff record an outage's real times.
 */
export const historyPage: FilledPage<{ since: string; towns: OutageHistoryTown[] }> = {
  path: '/cortes/historial',
  file: fileURLToPath(new URL('../../dist/cortes/historial.html', import.meta.url)),
  cacheControl: PUBLIC_MINUTE['Cache-Control'],
  read: (db, _params, now) => historyByTown(db, now),
  fill: (page, { since, towns }) =>
    fillMarkers(page, {
      [MARKERS.outagesHistory]: () => renderToStaticMarkup(createElement(OutageHistory, { since, towns })),
    }),
};
