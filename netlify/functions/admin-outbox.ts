import type { Config } from '@netlify/functions';
import { outboxMessages } from '../../src/shared/outbox/schema.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import { loadStoredAttachment } from '../../src/server/mail/deliver.ts';
import { getMailSender } from '../../src/server/mail/index.ts';
import { countStalled, listUnsent, retryNow } from '../../src/server/mail/unsent.ts';
import { NotFound } from '../../src/server/errors.ts';

/**
 * GET /api/admin/outbox (the unsent mail), /api/admin/outbox/summary (how many have waited over
 * an hour, for the shell's alert) and POST /api/admin/outbox/{mailId}/retry (Reintentar ahora).
 */
export default adminRoutes({
  '/api/admin/outbox': { GET: async ({ db, admin }) => answer({ mails: await listUnsent(db, admin) }) },
  '/api/admin/outbox/summary': { GET: async ({ db, admin }) => answer({ stalled: await countStalled(db, admin) }) },
  '/api/admin/outbox/:mailId/retry': {
    POST: async ({ db, admin, params }) => {
      const mail = await retryNow(db, admin, params.mailId, getMailSender(), loadStoredAttachment);
      if (mail === undefined) throw new NotFound(outboxMessages.notFound);
      return answer({ mail });
    },
  },
});

export const config: Config = {
  path: ['/api/admin/outbox', '/api/admin/outbox/summary', '/api/admin/outbox/:mailId/retry'],
};
