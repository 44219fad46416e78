import type { Config } from '@netlify/functions';
import { educationPage } from '../../src/filled-pages/education.ts';
import { filledPages } from '../../src/filled-pages/filled-page.ts';

/** GET /educacion: the education documents' galleries in its HTML. */
export default filledPages(educationPage);

export const config: Config = { path: '/educacion' };
