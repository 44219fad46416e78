import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { historyPage } from '../../src/filled-pages/outages-history.ts';

/** GET /cortes/historial: the outages of the last 12 months by town in its HTML. */
export default filledPages(historyPage);

export const config: Config = { path: '/cortes/historial' };
