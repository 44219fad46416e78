import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { alertsPage, outagesPage } from '../../src/filled-pages/outages.ts';

/** GET /cortes and /cortes/alertas: the current outages and the towns one may subscribe to, in their HTML. */
export default filledPages(outagesPage, alertsPage);

export const config: Config = { path: ['/cortes', '/cortes/alertas'] };
