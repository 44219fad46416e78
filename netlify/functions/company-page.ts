import type { Config } from '@netlify/functions';
import { companyPage } from '../../src/filled-pages/company.ts';
import { filledPages } from '../../src/filled-pages/filled-page.ts';

/** GET /nosotros: the years of the annual reports and financial statements in its HTML. */
export default filledPages(companyPage);

export const config: Config = { path: '/nosotros' };
