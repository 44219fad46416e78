import type { UploadPurpose } from '../../shared/uploads/schema.ts';
import type { Database } from '../db/index.ts';
import { discardUpload, readCompletedUpload } from '../uploads/files.ts';
import { uploadStore } from '../uploads/store.ts';
import { decodeCsvFile } from './csv-import.ts';

/**
 * An export staff sent as a chunked upload (a realistic one is a few MB, more than a request to a
 * function may carry), read as text and handed to its import; the upload is deleted once read,
 * imported or refused: the tables hold its data.
 */
export async function withUploadedCsv<T>(
  db: Database,
  uploadId: string,
  purpose: UploadPurpose,
  handle: (text: string) => Promise<T>,
): Promise<T> {
  const store = uploadStore();
  const bytes = await readCompletedUpload(db, store, uploadId, purpose);
  try {
    return await handle(decodeCsvFile(bytes));
  } finally {
    await discardUpload(db, store, uploadId);
  }
}
