import type { Config } from '@netlify/functions';
import { outboxMessages } from '../../src/shared/outbox.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { failure } from '../../src/server/http.ts';
import { loadStoredAttachment } from '../../src/server/mail/deliver.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { countStalled, listUnsent, retryNow } from '../../src/server/mail/unsent.ts';

/**
 * GET /api/admin/outbox (the unsent mail), /api/admin/outbox/summary (how many have waited over
 * an hour, for the shell's alert) and POST /api/admin/outbox/{mailId}/retry (Reintentar ahora).
 */
export default adminEndpoint(async ({ req, context, admin, db }) => {
  const { mailId } = context.params;
  if (mailId !== undefined)
    return byMethod(req, {
      POST: async () => {
        const mail = await retryNow(db, admin, mailId, getMailSender(), loadStoredAttachment);
        return mail === undefined ? failure(404, outboxMessages.notFound) : answer({ mail });
      },
    });
  if (new URL(req.url).pathname.endsWith('/summary'))
    return byMethod(req, { GET: async () => answer({ stalled: await countStalled(db) }) });
  return byMethod(req, { GET: async () => answer({ mails: await listUnsent(db) }) });
});

export const config: Config = {
  path: ['/api/admin/outbox', '/api/admin/outbox/summary', '/api/admin/outbox/:mailId/retry'],
};
