import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { indicatorsPage } from '../../src/filled-pages/indicators.ts';

/** GET /indicadores: the last 12 months' figures in its HTML. */
export default filledPages(indicatorsPage);

export const config: Config = { path: '/indicadores' };
