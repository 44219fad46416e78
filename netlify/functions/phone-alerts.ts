import type { Config } from '@netlify/functions';
import { PHONE_INBOUND_PATH, PHONE_STATUS_PATH } from '../../src/shared/phone-alerts/webhooks.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { answerText } from '../../src/server/phone-alerts/inbound.ts';
import { verifiedProviderForm } from '../../src/server/phone-alerts/signature.ts';
import { recordStatus } from '../../src/server/phone-alerts/status.ts';
import { publicRoutes } from '../../src/server/route-table.ts';

const xml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** TwiML: the reply to a text, or nothing for one already answered. */
const twiml = (reply: string | undefined) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Response>${reply === undefined ? '' : `<Message>${xml(reply)}</Message>`}</Response>`,
    { headers: { 'Content-Type': 'text/xml; charset=utf-8' } },
  );

/**
 * The phone provider's webhooks (Twilio), each refused with 403 without its valid signature:
 * POST /api/sms/entrante, a text to the utility's number, answered in TwiML
 * (src/server/phone-alerts/inbound.ts); POST /api/sms/estado, a message's or call's status,
 * recorded on its outbox row (status.ts), whose id its signed address carries.
 */
export default publicRoutes({
  [PHONE_INBOUND_PATH]: {
    POST: async ({ req }) => {
      const form = await verifiedProviderForm(req, (await settings.phone(new URL(req.url).origin)).authToken);
      return twiml(
        await answerText(getDatabase(), {
          messageSid: form.MessageSid ?? '',
          from: form.From ?? '',
          body: form.Body ?? '',
        }),
      );
    },
  },
  [PHONE_STATUS_PATH]: {
    POST: async ({ req }) => {
      const form = await verifiedProviderForm(req, (await settings.phone(new URL(req.url).origin)).authToken);
      const id = new URL(req.url).searchParams.get('id') ?? '';
      const providerId = form.MessageSid ?? form.CallSid ?? '';
      const status = form.MessageStatus ?? form.CallStatus ?? '';
      if (/^[1-9][0-9]{0,17}$/.test(id) && providerId && status)
        await recordStatus(getDatabase(), {
          id,
          providerId,
          status,
          ...(form.ErrorCode ? { errorCode: form.ErrorCode } : {}),
        });
      // Answered 204 whatever it named: the provider retries nothing, and a stale callback is no error.
      return new Response(null, { status: 204 });
    },
  },
});

// Literal paths: Netlify reads a function's config without running its imports.
export const config: Config = { path: ['/api/sms/entrante', '/api/sms/estado'] };
