import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerTownChoices } from '../../islands/OutageAlertForm.tsx';
import OutageList, { MapSpace } from '../../islands/outages/OutageList.tsx';
import { fieldRules } from '../../shared/fields.ts';
import { OutageAlertSubscriptionSchema } from '../../shared/outage-alerts/schema.ts';
import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';

/**
 * The two pages whose content lives in the database, prerendered by Astro with a marker where it
 * goes and filled in by the function `outages-page` on each request (cached a minute), so a change
 * shows within a minute without rebuilding the site (docs/features/outages.md): /cortes with its current
 * outages (readable without JavaScript) and /cortes/alertas with its towns.
 */

/** Where the prerendered page leaves room for the list (src/pages/cortes.astro). */
export const LIST_MARKER = '<!--cortes:lista-->';

export function fillOutagesPage(page: string, outages: PublicOutage[], towns: OutageTown[]): string {
  if (!page.includes(LIST_MARKER)) throw new Error('The prerendered /cortes has no list marker.');
  const list = createElement(
    Fragment,
    null,
    createElement(OutageList, { outages, towns }),
    outages.length > 0 && createElement(MapSpace),
  );
  return page.replace(LIST_MARKER, () => renderToStaticMarkup(list));
}

/** Where the prerendered /cortes/alertas leaves room for the towns (src/pages/cortes/alertas/index.astro). */
export const TOWNS_MARKER = '<!--cortes:localidades-->';

export function fillAlertsPage(page: string, towns: Pick<OutageTown, 'slug' | 'name'>[]): string {
  if (!page.includes(TOWNS_MARKER)) throw new Error('The prerendered /cortes/alertas has no towns marker.');
  const { required } = fieldRules(OutageAlertSubscriptionSchema).towns;
  return page.replace(TOWNS_MARKER, () =>
    renderToStaticMarkup(
      createElement(ServerTownChoices, { towns: towns.map(({ slug, name }) => ({ slug, name })), required }),
    ),
  );
}
