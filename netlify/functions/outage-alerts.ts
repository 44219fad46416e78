import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';

/**
 * Every 2 minutes: the alerts of published, updated and closed cortes to their towns' confirmed
 * subscribers (src/server/outage-alerts/fan-out.ts), queued within 10 s, then as much of the
 * mail as fits in 15 s more, under Netlify's 30 s; the outbox's own retry sends the rest. The
 * alerts go 100 to a request (Resend's batch endpoint), paced to its rate limit: 1,000 mails are
 * ten requests.
 */
export default async (req: Request): Promise<Response> => {
  const { mails, notices } = await queueOutageAlerts(getDatabase(), new URL(req.url).origin);
  if (mails > 0 || notices > 0) console.log(`outage-alerts: ${mails} mails queued, ${notices} notices done`);
  if (mails > 0) await deliverDueMail({ limit: 1_000, budgetMs: 15_000 });
  return Response.json({ mails, notices });
};

export const config: Config = { schedule: '*/2 * * * *' };
