import type { Config } from '@netlify/functions';
import { filledPages } from '../../src/filled-pages/filled-page.ts';
import { receiptPage } from '../../src/filled-pages/payments-receipt.ts';

/** GET /tbk-final/{tbkPaymentId}/{billId}: the receipt in its HTML. */
export default filledPages(receiptPage);

export const config: Config = { path: '/tbk-final/*' };
