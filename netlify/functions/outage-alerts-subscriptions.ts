import type { Config, Context } from '@netlify/functions';
import {
  OutageAlertSubscriptionSchema,
  OutageAlertTokenSchema,
  outageAlertMessages,
  type OutageAlertConfirmedAnswer,
  type OutageAlertDoneAnswer,
} from '../../src/shared/outage-alerts/schema.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { confirm, subscribe, unsubscribe } from '../../src/server/outage-alerts/subscriptions.ts';

/**
 * /api/cortes/alertas: POST a subscription (mails the confirmation link); /confirmar
 * and /baja POST the token of a mailed link. The towns to choose from are in the page's HTML
 * (outages-page). Confirming and
 * unsubscribing are POSTs a visitor's button sends, never a GET: mail scanners open links.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  const { pathname } = new URL(req.url);
  const db = getDatabase();
  if (pathname.endsWith('/confirmar') || pathname.endsWith('/baja')) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const { token } = await readInput(req, OutageAlertTokenSchema, 1_024);
    if (pathname.endsWith('/baja')) {
      const outcome = await unsubscribe(db, token);
      return json({ success: true, message: outageAlertMessages[outcome] } satisfies OutageAlertDoneAnswer);
    }
    const towns = await confirm(db, token);
    return json({
      success: true,
      message: outageAlertMessages.confirmed,
      data: { towns },
    } satisfies OutageAlertConfirmedAnswer);
  }
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  // The confirmation is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
  settings.mail();
  const input = await readInput(req, OutageAlertSubscriptionSchema, 4_096);
  await subscribe(db, input, new URL(req.url).origin);
  context.waitUntil(deliverDueMail());
  return json({ success: true, message: outageAlertMessages.subscribed } satisfies OutageAlertDoneAnswer);
});

export const config: Config = {
  path: ['/api/cortes/alertas', '/api/cortes/alertas/confirmar', '/api/cortes/alertas/baja'],
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
