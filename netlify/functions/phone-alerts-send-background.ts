import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { BACKGROUND_RUN_MS, deadlineIn } from '../../src/server/deadline.ts';
import { getPhoneSender } from '../../src/server/phone-alerts/index.ts';
import { drainPhoneQueue, startPhoneSender } from '../../src/server/phone-alerts/send-queue.ts';

/**
 * A background function (its name's `-background`: Netlify answers 202 and lets it run up to 15
 * minutes): sends the phones' due messages at the provider's pace for BACKGROUND_RUN_MS, one run
 * at a time, and starts itself again when some are still due (src/server/phone-alerts/send-queue.ts).
 * It reads nothing of its request: posting to it can only send sooner what is already due.
 */
export default async (_req: Request, context: Context): Promise<void> => {
  const origin = settings.siteAddress(context.site);
  const drained = await drainPhoneQueue(
    getDatabase(),
    await getPhoneSender(origin),
    origin,
    deadlineIn(BACKGROUND_RUN_MS),
  );
  if (drained.kind === 'busy') return;
  console.log(`phone-alerts: ${drained.sent} sent, ${drained.failed} failed, ${drained.throttled} told to wait`);
  if (drained.more) await startPhoneSender(origin);
};

// No path and no schedule: it is reached at /.netlify/functions/phone-alerts-send-background, which
// send-queue.ts posts to.
export const config: Config = {};
