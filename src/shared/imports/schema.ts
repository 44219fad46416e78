import * as z from 'zod/mini';
import { checkFile, type UploadPurpose } from '../uploads/schema.ts';

/** The answers the CSV imports share (src/server/imports/csv-import.ts). */

export { csvMessages, IMPORT_REPORT_LIMIT } from './texts.ts';

/** A line of the file left out: its number in the file and why. */
export const RejectedLineSchema = z.object({ line: z.number(), reason: z.string() });
export type RejectedLine = z.infer<typeof RejectedLineSchema>;

/** An import form's file, checked as the server will (size, .csv); `required` when none is chosen. */
export const csvFileField = (purpose: UploadPurpose, required: string) =>
  z.pipe(
    z.custom<FileList | undefined>((value) => value === undefined || (typeof value === 'object' && value !== null)),
    // zod/mini's transforms report a problem by pushing an issue, as zod's documentation does.
    z.transform((files: FileList | undefined, context) => {
      const file = files?.[0];
      const problem = file ? checkFile(purpose, file.name, file.size) : required;
      if (problem || !file) {
        context.issues.push({ code: 'custom', message: problem ?? required, input: files });
        return z.NEVER;
      }
      return file;
    }),
  );
