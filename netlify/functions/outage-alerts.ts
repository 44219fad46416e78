import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';

/** The last part of the run, for sending what it queued. */
const MAIL_MS = 15_000;

/**
 * Every 2 minutes: the alerts of published, updated and closed cortes, and of published, updated
 * and lifted avisos, to their towns' confirmed subscribers (src/server/outage-alerts/fan-out.ts),
 * queued until MAIL_MS before the run's deadline (src/server/deadline.ts), then as much of the mail
 * as fits in the rest; the outbox's own retry sends what is left. The alerts go 100 to a request (Resend's batch endpoint), paced to
 * its rate limit: 1,000 mails are ten requests. Their links start with the site's address.
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const { mails, notices } = await queueOutageAlerts(getDatabase(), settings.siteAddress(context.site), {
    deadline: deadline.earlier(MAIL_MS),
  });
  if (mails > 0 || notices > 0) console.log(`outage-alerts: ${mails} mails queued, ${notices} notices done`);
  if (mails > 0) await deliverDueMail({ limit: 1_000, deadline });
  return Response.json({ mails, notices });
};

export const config: Config = { schedule: '*/2 * * * *' };
