import { WARNING_OPT_OUT_PATH } from './consumption/warnings.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './outage-alerts/schema.ts';
import { RIGHTS_CONFIRM_PATH } from './rights/texts.ts';

/**
 * The pages a mailed link opens, its token in the address: each is one person's step, nobody's
 * search result. They carry `noindex` (BaseLayout.astro) and are left out of the sitemap
 * (astro.config.mjs).
 */
export const TOKEN_PAGES: readonly string[] = [
  CONFIRM_PATH,
  UNSUBSCRIBE_PATH,
  WARNING_OPT_OUT_PATH,
  RIGHTS_CONFIRM_PATH,
];
