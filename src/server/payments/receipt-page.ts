import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import PaymentReceipt from '../../components/payments/PaymentReceipt.tsx';
import type { Receipt } from '../../shared/payments/schema.ts';
import type { Database } from '../db/index.ts';
import { pageHeaders } from '../page-headers.ts';
import { findReceipt } from './bills.ts';

/**
 * /tbk-final/{tbkPaymentId}/{billId} (docs/features/payments.md, "The receipt"), as /cortes/historial:
 * Astro prerenders the page, and the function payments-receipt-page puts the receipt between its
 * markers on each request. On a rural line (issue 30) an island drew it after its script and two
 * requests, each a round trip of 300 ms; in the HTML it comes with the page, read without JavaScript.
 */

/** Where the prerendered /tbk-final has its receipt, as built "none could be loaded" (src/pages/tbk-final.astro). */
export const RECEIPT_START = '<!--tbk-final:comprobante-->';
export const RECEIPT_END = '<!--/tbk-final:comprobante-->';

export function fillReceiptPage(page: string, receipt: Receipt): string {
  const start = page.indexOf(RECEIPT_START);
  const end = page.indexOf(RECEIPT_END, start);
  if (start < 0 || end < 0) throw new Error(`The prerendered /tbk-final has no ${RECEIPT_START} … ${RECEIPT_END}.`);
  return (
    page.slice(0, start) +
    renderToStaticMarkup(createElement(PaymentReceipt, { receipt })) +
    page.slice(end + RECEIPT_END.length)
  );
}

/** The built page the function fills in, and netlify.toml for the page's headers. */
export interface ReceiptPageFiles {
  page: string;
  netlifyToml: string;
}

/**
 * GET or HEAD /tbk-final/{tbkPaymentId}/{billId}, with netlify.toml's page headers (its CSP): the
 * receipt, or, for ids that are no paid bill's card payment (unknown, malformed, another bill's, a
 * path of another shape), the page as built with a 404. A receipt is the payer's own: never kept
 * by a browser or a CDN.
 */
export async function receiptPageAnswer(req: Request, db: Database, files: ReceiptPageFiles): Promise<Response> {
  const ids = /^\/tbk-final\/([^/]+)\/([^/]+)\/?$/.exec(new URL(req.url).pathname);
  const receipt = ids ? await findReceipt(db, ids[1]!, ids[2]!) : undefined;
  const page = req.method === 'HEAD' ? null : await readFile(files.page, 'utf8');
  return new Response(page !== null && receipt ? fillReceiptPage(page, receipt) : page, {
    status: receipt ? 200 : 404,
    headers: {
      ...(await pageHeaders(files.netlifyToml)),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}
