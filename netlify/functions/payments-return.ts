import type { Config, Context } from '@netlify/functions';
import { handleReturn } from '../../src/server/payments/webpay-return.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { withErrorHandling } from '../../src/server/http.ts';
import { readUrlEncoded } from '../../src/server/input-text.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';

/**
 * Webpay's return_url (GET or POST): commits or records the outcome, then sends the customer to
 * /tbk-final/{tbkPaymentId}/{billId}, /tbk-reject or /tbk-null (spec §4).
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  const url = new URL(req.url);
  // The query string was checked by withErrorHandling; the POSTed form is checked alike (a NUL in
  // token_ws is a 400, never a 500).
  const params = new URLSearchParams(url.search);
  if (req.method === 'POST') for (const [key, value] of readUrlEncoded(await req.text())) params.set(key, value);
  const read = (name: string) => params.get(name) ?? undefined;

  const screen = await handleReturn(
    getDatabase(),
    createWebpayClient(settings.webpay(url.origin, context.deploy?.context)),
    {
      token_ws: read('token_ws'),
      TBK_TOKEN: read('TBK_TOKEN'),
      TBK_ORDEN_COMPRA: read('TBK_ORDEN_COMPRA'),
      TBK_ID_SESION: read('TBK_ID_SESION'),
    },
  );
  // The payment confirmation mail, if any, goes out after the customer is answered.
  context.waitUntil(deliverDueMail());
  const target =
    screen.screen === 'final'
      ? `/tbk-final/${screen.tbkPaymentId}/${screen.billId}`
      : screen.screen === 'null'
        ? '/tbk-null'
        : '/tbk-reject';
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
});

export const config: Config = { path: '/api/tbk/return' };
