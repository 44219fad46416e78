import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { noticesPending } from '../../src/server/outage-alerts/notices.ts';
import { startPhoneSender } from '../../src/server/phone-alerts/send-queue.ts';
import { runWhenDue } from '../../src/server/work-markers/markers.ts';

/** The last part of the run, for sending what it queued. */
const MAIL_MS = 15_000;

/**
 * Every 2 minutes: the alerts of published, updated and closed cortes, and of published, updated
 * and lifted avisos, to their towns' confirmed subscribers (src/server/outage-alerts/fan-out.ts),
 * queued until MAIL_MS before the run's deadline (src/server/deadline.ts), then as much of the mail
 * as fits in the rest; the outbox's own retry sends what is left. The alerts go 100 to a request (Resend's batch endpoint), paced to
 * its rate limit: 1,000 mails are ten requests. Their links start with the site's address. The
 * phones' messages go to the background sender (phone-alerts-send-background), which sends them
 * at the phone provider's pace for as long as they take.
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const origin = settings.siteAddress(context.site);
  const db = getDatabase();
  const run = await runWhenDue('outage-alerts', async () => {
    const result = await queueOutageAlerts(db, origin, { deadline: deadline.earlier(MAIL_MS) });
    return { result, nextDue: (await noticesPending(db)) ? new Date() : null };
  });
  if (run.reason === 'idle') return Response.json({ mails: 0, phones: 0, notices: 0 });
  const { mails, phones, notices } = run.result;
  if (mails > 0 || phones > 0 || notices > 0)
    console.log(`outage-alerts: ${mails} mails and ${phones} phone messages queued, ${notices} notices done`);
  // A town's phones take longer than a run at the provider's pace: the background sender sends them.
  if (phones > 0) await startPhoneSender(origin);
  if (mails > 0) await deliverDueMail({ limit: 1_000, deadline });
  return Response.json({ mails, phones, notices });
};

export const config: Config = { schedule: '*/2 * * * *' };
