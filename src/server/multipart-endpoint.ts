import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { SubmissionAnswer } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import { INLINE_LIMIT, type UploadPurpose } from '../shared/uploads.ts';
import { config } from './config.ts';
import { getDatabase, type Database } from './db/index.ts';
import { failure, invalidInput, json, methodNotAllowed, withErrorHandling } from './http.ts';
import { deliverDueMail } from './mail/deliver.ts';
import { MultipartError, parseMultipart } from './multipart.ts';
import { uploadStore } from './storage.ts';
import { receiveFile, UploadError } from './uploads.ts';

interface MultipartFormOptions<S extends z.ZodType> {
  schema: S;
  purpose: UploadPurpose;
  /** The message when the form needs a file and has none; undefined when the file is optional. */
  missingFile?: string;
  submit: (
    db: Database,
    data: z.output<S>,
    file: { id: string; fileName: string } | undefined,
  ) => Promise<{ reference: string }>;
}

/**
 * The function behind a multipart form with a file (job application, denuncia): text fields
 * validated with the form's shared schema, the file inline or as a chunked upload, stored with
 * the submission in one transaction, mailed after answering.
 */
export function multipartFormEndpoint<S extends z.ZodType>({
  schema,
  purpose,
  missingFile,
  submit,
}: MultipartFormOptions<S>) {
  return withErrorHandling(async (req: Request, context: Context) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    // A submission is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
    config.mail();
    let form;
    try {
      form = await parseMultipart(req, { maxFileBytes: INLINE_LIMIT });
    } catch (error) {
      if (error instanceof MultipartError) return failure(400, error.message);
      throw error;
    }
    const parsed = schema.safeParse(form.fields);
    if (!parsed.success) return invalidInput(parsed.error);

    const db = getDatabase();
    let file;
    try {
      file = await receiveFile(db, uploadStore(), purpose, form);
      if (!file && missingFile) throw new UploadError(missingFile);
    } catch (error) {
      if (error instanceof UploadError) return failure(400, error.message, { errors: { file: error.message } });
      throw error;
    }
    const { reference } = await submit(db, parsed.data, file);
    context.waitUntil(deliverDueMail());
    return json({ success: true, message: messages.sent, data: { reference } } satisfies SubmissionAnswer);
  });
}
