import { getDatabase } from '../db/index.ts';
import { errorSummary } from '../error-summary.ts';
import { uploadStore } from '../storage.ts';
import { readUpload } from '../uploads.ts';
import { getMailSender } from './index.ts';
import { deliverDue } from './outbox.ts';

/** Delivers due mail with the configured database and sender; a failure is logged, never thrown. */
export async function deliverDueMail(): Promise<void> {
  try {
    const { failed } = await deliverDue(getDatabase(), getMailSender(), (id) => readUpload(uploadStore(), id));
    if (failed > 0) console.warn(`outbox: ${failed} mail(s) failed and will be retried`);
  } catch (error) {
    console.error(`outbox: delivery did not run: ${errorSummary(error)}`);
  }
}
