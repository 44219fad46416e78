import { fileURLToPath } from 'node:url';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerTownChoices } from '../islands/OutageAlertForm.tsx';
import OutageList, { MapSpace } from '../islands/outages/OutageList.tsx';
import { readAll } from '../server/db/reads.ts';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { listOutageTowns, outageTownsRead, publicOutagesRead } from '../server/outages/public.ts';
import { fieldRules } from '../shared/fields.ts';
import { OutageAlertSubscriptionSchema } from '../shared/outage-alerts/schema.ts';
import type { OutageTown, PublicOutage } from '../shared/outages/schema.ts';
import { TownCalendars } from '../components/outages/TownCalendars.tsx';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';
import { canonicalUrl } from './page-head.ts';

/**
 * /cortes and /cortes/alertas (docs/features/outages.md), cached a minute, so a change shows within
 * a minute without rebuilding the site.
 */

const MINUTE = PUBLIC_MINUTE['Cache-Control'];

/** /cortes: the current outages, inside the island that shows them until its first answer. */
export const outagesPage: FilledPage<{ outages: PublicOutage[]; towns: OutageTown[] }> = {
  path: '/cortes',
  file: fileURLToPath(new URL('../../dist/cortes.html', import.meta.url)),
  cacheControl: MINUTE,
  read: async (db) => {
    const [outages, towns] = await readAll(db, publicOutagesRead, outageTownsRead);
    return { outages, towns };
  },
  fill: (page, { outages, towns }) =>
    fillMarkers(page, {
      [MARKERS.outagesList]: () =>
        renderToStaticMarkup(
          createElement(
            Fragment,
            null,
            createElement(OutageList, { outages, towns }),
            outages.length > 0 && createElement(MapSpace),
          ),
        ),
      [MARKERS.outageCalendars]: () =>
        renderToStaticMarkup(createElement(TownCalendars, { towns, siteAddress: new URL(canonicalUrl(page)).origin })),
    }),
};

/** /cortes/alertas: the towns one may subscribe to. */
export const alertsPage: FilledPage<Pick<OutageTown, 'slug' | 'name'>[]> = {
  path: '/cortes/alertas',
  file: fileURLToPath(new URL('../../dist/cortes/alertas.html', import.meta.url)),
  cacheControl: MINUTE,
  read: (db) => listOutageTowns(db),
  fill: (page, towns) =>
    fillMarkers(page, {
      [MARKERS.alertTowns]: () =>
        renderToStaticMarkup(
          createElement(ServerTownChoices, {
            towns: towns.map(({ slug, name }) => ({ slug, name })),
            required: fieldRules(OutageAlertSubscriptionSchema).towns.required,
          }),
        ),
    }),
};
