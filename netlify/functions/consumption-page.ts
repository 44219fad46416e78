import type { Config } from '@netlify/functions';
import { consumptionPage } from '../../src/filled-pages/consumption.ts';
import { postedPage } from '../../src/filled-pages/filled-page.ts';

/** POST /consumo: the page with the holder's view of the service, or the form refused; a GET gets the page as built. */
export default postedPage(consumptionPage);

export const config: Config = {
  path: '/consumo',
  method: 'POST',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
