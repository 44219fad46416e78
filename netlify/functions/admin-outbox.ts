import type { Config } from '@netlify/functions';
import { outboxMessages } from '../../src/shared/outbox/schema.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import { config as settings } from '../../src/server/config.ts';
import { loadStoredAttachment } from '../../src/server/mail/deliver.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { deliverDue } from '../../src/server/outbox/outbox.ts';
import { countStalled, listUnsent, retryNow, type Redeliver } from '../../src/server/outbox/unsent.ts';
import { startPhoneSender } from '../../src/server/phone-alerts/send-queue.ts';
import { NotFound } from '../../src/server/errors.ts';

/**
 * GET /api/admin/outbox (the unsent messages, mail and phones), /api/admin/outbox/summary (how many have waited over
 * an hour, for the shell's alert) and POST /api/admin/outbox/{mailId}/retry (Reintentar ahora).
 */
export default adminRoutes({
  '/api/admin/outbox': { GET: async ({ db, admin }) => answer({ mails: await listUnsent(db, admin) }) },
  '/api/admin/outbox/summary': { GET: async ({ db, admin }) => answer({ stalled: await countStalled(db, admin) }) },
  '/api/admin/outbox/:mailId/retry': {
    POST: async ({ db, admin, params, req }) => {
      const redeliver: Redeliver = async (channel, ids) => {
        if (channel === 'email') return deliverDue(db, getMailSender(), loadStoredAttachment, { ids, limit: 1 });
        // A phone's goes by the background sender, the one function that sends to phones: due now, sent within seconds.
        return startPhoneSender(settings.siteAddress({ url: new URL(req.url).origin }));
      };
      const mail = await retryNow(db, admin, params.mailId, redeliver);
      if (mail === undefined) throw new NotFound(outboxMessages.notFound);
      return answer({ mail });
    },
  },
});

export const config: Config = {
  path: ['/api/admin/outbox', '/api/admin/outbox/summary', '/api/admin/outbox/:mailId/retry'],
};
