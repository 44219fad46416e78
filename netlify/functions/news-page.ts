import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { newsPage } from '../../src/filled-pages/news.ts';

/** GET /comunicados: the news items' sidebar and the item its `?item=` names in its HTML. */
export default filledPages(newsPage);

export const config: Config = { path: '/comunicados' };
