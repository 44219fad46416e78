import type { Config } from '@netlify/functions';
import { advisoriesPage, advisoryPage } from '../../src/filled-pages/advisories.ts';
import { filledPages } from '../../src/filled-pages/filled-page.ts';

/** GET /avisos and /avisos/{id}: the notices in their HTML. */
export default filledPages(advisoriesPage, advisoryPage);

export const config: Config = { path: ['/avisos', '/avisos/:id'] };
