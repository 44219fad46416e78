import type { Config } from '@netlify/functions';
import {
  OutageAlertSubscriptionSchema,
  OutageAlertTokenSchema,
  outageAlertMessages,
  PhoneAlertCodeSchema,
  PhoneAlertSubscriptionSchema,
  phoneAlertMessages,
  type OutageAlertConfirmedAnswer,
  type OutageAlertDoneAnswer,
} from '../../src/shared/outage-alerts/schema.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, parseInput, readJson, readUnsubscription } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { confirmPhone, subscribePhone } from '../../src/server/outage-alerts/phone-subscriptions.ts';
import { confirm, subscribe, unsubscribe } from '../../src/server/outage-alerts/subscriptions.ts';
import { startPhoneSender } from '../../src/server/phone-alerts/send-queue.ts';
import { publicRoutes } from '../../src/server/route-table.ts';

/** A request about a phone's alerts rather than an e-mail's: it names a phone. */
const namesPhone = (body: unknown) => typeof body === 'object' && body !== null && 'phone' in body;

/**
 * /api/cortes/alertas: POST a subscription, of an e-mail (mails the confirmation link) or of a
 * phone (sends it a code); /confirmar POSTs the token of a mailed link or a phone and its code,
 * and /baja the token of a mailed link, from the page's button or the mail's one-click unsubscription (a phone leaves by texting BAJA). The towns to choose from are in the page's HTML
 * (outages-page). Confirming and
 * unsubscribing are POSTs a visitor's button sends, never a GET: mail scanners open links.
 */
export default publicRoutes({
  '/api/cortes/alertas': {
    POST: async ({ req, context }) => {
      const body = await readJson(req, 4_096);
      if (namesPhone(body)) {
        const input = parseInput(PhoneAlertSubscriptionSchema, body);
        // The code is sent to the phone: a deploy that cannot reach phones answers 503 rather than store it unsent.
        const origin = settings.siteAddress(context.site);
        await settings.phone(origin);
        await subscribePhone(getDatabase(), input);
        // By the one function that carries the provider's SDK, started now: it sends within seconds.
        context.waitUntil(startPhoneSender(origin));
        return json({
          success: true,
          message: phoneAlertMessages.subscribed(input.channel),
        } satisfies OutageAlertDoneAnswer);
      }
      // The confirmation is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
      settings.mail();
      const input = parseInput(OutageAlertSubscriptionSchema, body);
      await subscribe(getDatabase(), input, new URL(req.url).origin);
      context.waitUntil(deliverDueMail());
      return json({ success: true, message: outageAlertMessages.subscribed } satisfies OutageAlertDoneAnswer);
    },
  },
  '/api/cortes/alertas/confirmar': {
    POST: async ({ req, context }) => {
      const body = await readJson(req, 1_024);
      if (namesPhone(body)) {
        const { channel, towns } = await confirmPhone(
          getDatabase(),
          parseInput(PhoneAlertCodeSchema, body),
          context.ip,
        );
        return json({
          success: true,
          message: phoneAlertMessages.confirmed(channel),
          data: { towns },
        } satisfies OutageAlertConfirmedAnswer);
      }
      const { token } = parseInput(OutageAlertTokenSchema, body);
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
      const { token } = await readUnsubscription(req, OutageAlertTokenSchema, 1_024);
      const outcome = await unsubscribe(getDatabase(), token);
      return json({ success: true, message: outageAlertMessages[outcome] } satisfies OutageAlertDoneAnswer);
    },
  },
});

export const config: Config = {
  path: ['/api/cortes/alertas', '/api/cortes/alertas/confirmar', '/api/cortes/alertas/baja'],
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
