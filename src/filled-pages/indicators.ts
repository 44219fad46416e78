import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IndicatorTables } from '../components/indicators/IndicatorTables.tsx';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { readIndicators } from '../server/indicators/public.ts';
import type { Indicators } from '../shared/indicators/schema.ts';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /indicadores (docs/features/indicators.md): the last 12 months' figures, cached a minute, so a
 * change in the records shows within a minute. /indicadores.csv and GET /api/indicadores carry the
 * same figures (src/server/indicators/download.ts).
 */
export const indicatorsPage: FilledPage<Indicators> = {
  path: '/indicadores',
  file: fileURLToPath(new URL('../../dist/indicadores.html', import.meta.url)),
  cacheControl: PUBLIC_MINUTE['Cache-Control'],
  read: (db, _params, now) => readIndicators(db, now),
  fill: (page, indicators) =>
    fillMarkers(page, {
      [MARKERS.indicators]: () => renderToStaticMarkup(createElement(IndicatorTables, { indicators })),
    }),
};
