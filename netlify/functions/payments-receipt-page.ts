import type { Config } from '@netlify/functions';
import { fileURLToPath } from 'node:url';
import { getDatabase } from '../../src/server/db/index.ts';
import { methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { receiptPageAnswer } from '../../src/server/payments/receipt-page.ts';

// Files bundled beside the function, the build's page and the site's headers: netlify.toml declares
// them ([functions."payments-receipt-page"] included_files). Literal paths, from this file's folder:
// the bundler would take a path with a variable part for a folder's whole content.
const files = {
  page: fileURLToPath(new URL('../../dist/tbk-final.html', import.meta.url)),
  netlifyToml: fileURLToPath(new URL('../../netlify.toml', import.meta.url)),
};

/**
 * GET /tbk-final/{tbkPaymentId}/{billId}, where Webpay's return sends the payer (payments-return):
 * the prerendered page with the receipt in its HTML. Every path under /tbk-final/ comes here, so a
 * malformed one gets the same Spanish page as an unknown id.
 */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return receiptPageAnswer(req, getDatabase(), files);
});

export const config: Config = { path: '/tbk-final/*' };
