import type { Config } from '@netlify/functions';
import {
  OutageAlertSubscriptionSchema,
  OutageAlertTokenSchema,
  outageAlertMessages,
  type OutageAlertConfirmedAnswer,
  type OutageAlertDoneAnswer,
} from '../../src/shared/outage-alerts/schema.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { confirm, subscribe, unsubscribe } from '../../src/server/outage-alerts/subscriptions.ts';
import { publicRoutes } from '../../src/server/route-table.ts';

/**
 * /api/cortes/alertas: POST a subscription (mails the confirmation link); /confirmar
 * and /baja POST the token of a mailed link. The towns to choose from are in the page's HTML
 * (outages-page). Confirming and
 * unsubscribing are POSTs a visitor's button sends, never a GET: mail scanners open links.
 */
export default publicRoutes({
  '/api/cortes/alertas': {
    POST: async ({ req, context }) => {
      // The confirmation is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
      settings.mail();
      const input = await readInput(req, OutageAlertSubscriptionSchema, 4_096);
      await subscribe(getDatabase(), input, new URL(req.url).origin);
      context.waitUntil(deliverDueMail());
      return json({ success: true, message: outageAlertMessages.subscribed } satisfies OutageAlertDoneAnswer);
    },
  },
  '/api/cortes/alertas/confirmar': {
    POST: async ({ req }) => {
      const { token } = await readInput(req, OutageAlertTokenSchema, 1_024);
      const towns = await confirm(getDatabase(), token);
      return json({
        success: true,
        message: outageAlertMessages.confirmed,
        data: { towns },
      } satisfies OutageAlertConfirmedAnswer);
    },
  },
  '/api/cortes/alertas/baja': {
    POST: async ({ req }) => {
      const { token } = await readInput(req, OutageAlertTokenSchema, 1_024);
      const outcome = await unsubscribe(getDatabase(), token);
      return json({ success: true, message: outageAlertMessages[outcome] } satisfies OutageAlertDoneAnswer);
    },
  },
});

export const config: Config = {
  path: ['/api/cortes/alertas', '/api/cortes/alertas/confirmar', '/api/cortes/alertas/baja'],
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
