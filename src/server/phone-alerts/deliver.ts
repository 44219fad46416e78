import { config } from '../config.ts';
import { getDatabase } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { deliverDuePhoneMessages, type DeliveryBounds } from '../outbox/outbox.ts';
import { getPhoneSender } from './index.ts';

/**
 * Delivers the phones' due messages with the configured database and provider; a failure is
 * logged, never thrown. The site's address (config.siteAddress) is where the provider posts each
 * message's statuses.
 */
export async function deliverDuePhones(site: { url?: string } | undefined, bounds?: DeliveryBounds): Promise<void> {
  try {
    const origin = config.siteAddress(site);
    const { failed, throttled } = await deliverDuePhoneMessages(
      getDatabase(),
      await getPhoneSender(origin),
      origin,
      bounds,
    );
    if (failed > 0) console.warn(`outbox: ${failed} phone message(s) failed and will be retried`);
    if (throttled > 0) console.warn(`outbox: the phone provider asked to wait; ${throttled} message(s) wait for it`);
  } catch (error) {
    console.error(`outbox: phone delivery did not run: ${errorSummary(error)}`);
  }
}
