import * as z from 'zod/mini';
import { INT4_MAX } from '../fields.ts';
import { uploadPurposes } from './texts.ts';

/** The requests and answers of /api/uploads; the limits and the browser's checks are in uploads/texts.ts. */

export {
  adminPurposes,
  CHUNK_SIZE,
  checkFile,
  csvPurposes,
  extensionOf,
  INLINE_LIMIT,
  tooLargeMessage,
  uploadMessages,
  type UploadPurpose,
} from './texts.ts';

/** POST /api/uploads' 201: the upload to send the chunks to. */
export const UploadStartedSchema = z.object({
  success: z.literal(true),
  data: z.object({ uploadId: z.string(), chunkSize: z.number() }),
});
export type UploadStarted = z.infer<typeof UploadStartedSchema>;

/** POST /api/uploads: starts a chunked upload; a `publication` or `accounts` needs a signed-in admin. */
export const UploadStartSchema = z.object({
  purpose: z.enum(uploadPurposes),
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  // checkFile refuses what passes the purpose's limit; this bounds what reaches it to an integer column.
  size: z.number().check(z.int(), z.positive(), z.lte(INT4_MAX)),
});
