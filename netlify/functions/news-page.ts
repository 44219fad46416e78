import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { newsItemPage, newsPage } from '../../src/filled-pages/news.ts';

/** GET /comunicados and /comunicados/{key}: the news items' sidebar and the item the address names in its HTML. */
export default filledPages(newsPage, newsItemPage);

export const config: Config = { path: ['/comunicados', '/comunicados/:key'] };
