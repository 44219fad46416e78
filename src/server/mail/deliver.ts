import { getDatabase } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { uploadStore } from '../uploads/store.ts';
import { readUpload } from '../uploads/files.ts';
import { getMailSender } from './index.ts';
import { deliverDue, type AttachmentLoader, type DeliveryBounds } from '../outbox/outbox.ts';

/** Reads a mail's attachment from the configured upload storage. */
export const loadStoredAttachment: AttachmentLoader = (id) => readUpload(uploadStore(), id);

/** Delivers due mail with the configured database and sender; a failure is logged, never thrown. */
export async function deliverDueMail(bounds?: DeliveryBounds): Promise<void> {
  try {
    const { failed, throttled } = await deliverDue(getDatabase(), getMailSender(), loadStoredAttachment, bounds);
    if (failed > 0) console.warn(`outbox: ${failed} mail(s) failed and will be retried`);
    if (throttled > 0) console.warn(`outbox: the provider asked to wait; ${throttled} mail(s) wait for it`);
  } catch (error) {
    console.error(`outbox: delivery did not run: ${errorSummary(error)}`);
  }
}
