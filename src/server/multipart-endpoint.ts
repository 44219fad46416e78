import type { Context } from '@netlify/functions';
import type * as z from 'zod/mini';
import type { SubmissionAnswer } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import { INLINE_LIMIT, type UploadPurpose } from '../shared/uploads/schema.ts';
import { config } from './config.ts';
import { getDatabase, type Database } from './db/index.ts';
import { arrivalOf, json, methodNotAllowed, parseInput, withErrorHandling, type Arrival } from './http.ts';
import { deliverDueMail } from './mail/deliver.ts';
import { parseMultipart } from './uploads/multipart.ts';
import { uploadStore } from './uploads/store.ts';
import { fileRefused, receiveFile, withReceivedFile, type ReceivedFile } from './uploads/files.ts';

interface MultipartFormOptions<S extends z.ZodMiniType> {
  schema: S;
  purpose: UploadPurpose;
  /** The message when the form needs a file and has none; undefined when the file is optional. */
  missingFile?: string;
  /** Reads a setting the submission needs (a key), so a deploy without it refuses before any file is kept. */
  requires?: () => Promise<unknown>;
  submit: (
    db: Database,
    data: z.output<S>,
    file: ReceivedFile | undefined,
    arrival: Arrival,
  ) => Promise<SubmissionAnswer['data']>;
}

/**
 * The function behind a multipart form with a file (job application, denuncia): text fields
 * validated with the form's shared schema, the file inline or as a chunked upload, stored with
 * the submission in one transaction, mailed after answering.
 */
export function multipartFormEndpoint<S extends z.ZodMiniType>({
  schema,
  purpose,
  missingFile,
  requires,
  submit,
}: MultipartFormOptions<S>) {
  return withErrorHandling(async (req: Request, context: Context) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    // A submission is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
    config.mail();
    await requires?.();
    const form = await parseMultipart(req, { maxFileBytes: INLINE_LIMIT });
    const input = parseInput(schema, form.fields);

    const store = uploadStore();
    const file = await receiveFile(store, purpose, form, context.ip);
    if (!file && missingFile) throw fileRefused(missingFile);
    const data = await withReceivedFile(store, file, () => submit(getDatabase(), input, file, arrivalOf(req)));
    context.waitUntil(deliverDueMail());
    return json({ success: true, message: messages.sent, data } satisfies SubmissionAnswer);
  });
}
