import { getDatabase } from '../db/index.ts';
import { uploadStore } from '../storage.ts';
import { readUpload } from '../uploads.ts';
import { getMailSender } from './index.ts';
import { deliverDue, type AttachmentLoader, type DeliveryBounds } from './outbox.ts';

/** Reads a mail's attachment from the configured upload storage. */
export const loadStoredAttachment: AttachmentLoader = (id) => readUpload(uploadStore(), id);

/** Delivers due mail with the configured database and sender; a failure is logged, never thrown. */
export async function deliverDueMail(bounds?: DeliveryBounds): Promise<void> {
  try {
    const { failed } = await deliverDue(getDatabase(), getMailSender(), loadStoredAttachment, bounds);
    if (failed > 0) console.warn(`outbox: ${failed} mail(s) failed and will be retried`);
  } catch (error) {
    // The error of a query or a provider call; it never carries a mail's text or address.
    console.error('outbox: delivery did not run:', error instanceof Error ? error.message : 'unknown error');
  }
}
