import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import PaymentReceipt from '../components/payments/PaymentReceipt.tsx';
import { findReceipt } from '../server/payments/bills.ts';
import type { Receipt } from '../shared/payments/schema.ts';
import { fillBetween, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

const file = fileURLToPath(new URL('../../dist/tbk-final.html', import.meta.url));

/**
 * /tbk-final/{tbkPaymentId}/{billId} (docs/features/payments.md, "The receipt"), where Webpay's
 * return sends the payer (payments-return): the receipt between the page's markers, in the HTML
 * that comes with the page (on a rural line each request is a round trip of 300 ms). Every path
 * under /tbk-final/ comes here: for ids that are no paid bill's card payment (unknown, malformed,
 * another bill's, a path of another shape) the page as built, "none could be loaded", with a 404.
 * A receipt is the payer's own: never kept by a browser or a CDN.
 */
export const receiptPage: FilledPage<Receipt> = {
  // "/tbk-final/" too, which loses its slash before it is matched.
  path: '/tbk-final{/*}?',
  file,
  notFound: file,
  cacheControl: 'no-store',
  read: async (db, { 0: rest }) => {
    const ids = /^([^/]+)\/([^/]+)$/.exec(rest ?? '');
    return ids ? findReceipt(db, ids[1]!, ids[2]!) : undefined;
  },
  fill: (page, receipt) =>
    fillBetween(page, MARKERS.receiptStart, MARKERS.receiptEnd, () =>
      renderToStaticMarkup(createElement(PaymentReceipt, { receipt })),
    ),
};
