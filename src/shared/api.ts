import * as z from 'zod/mini';

/**
 * The envelopes every /api answer shares (spec §7). Functions type what they send with these
 * schemas and islands parse what they get with them, so a field renamed on one side fails the
 * type check instead of a visitor's form.
 */

/**
 * A failure the visitor can read. Spec §7/§8 reads the text as `error` for some forms
 * (denuncias) and as `message` for others (job application, balance lookup): every failure
 * carries both.
 */
export const ApiFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  /**
   * A 400's one Spanish message per field, keyed by the field's name. A catch-all object rather
   * than z.record: the islands already ship z.object, and z.record would add its own code to every form.
   */
  errors: z.optional(z.catchall(z.object({}), z.string())),
  /** A 500's request id, for the logs. */
  requestId: z.optional(z.string()),
});
export type ApiFailure = z.infer<typeof ApiFailureSchema>;

/** What an island reads of any answer that is not a success: a failure's texts, each when it is there. */
export const ApiFailureTextsSchema = z.partial(ApiFailureSchema);
export type ApiFailureTexts = z.infer<typeof ApiFailureTextsSchema>;

/** A submission stored (contact, complaint, job, motorhome, denuncia): the visitor's reference. */
export const SubmissionAnswerSchema = z.object({
  success: z.literal(true),
  /** Spec §8's success text for the form ('Mensaje enviado.'). */
  message: z.string(),
  data: z.object({
    /** The reference the visitor keeps and the mail carries (`CON-…`, `REC-…`, …). */
    reference: z.string(),
    /** A denuncia's 16-digit receipt code, answered once: the reporter's only key to the case. */
    receipt: z.optional(z.string()),
  }),
});
export type SubmissionAnswer = z.infer<typeof SubmissionAnswerSchema>;

/** An answer that only says it worked (a stored upload chunk). */
export const AcknowledgementSchema = z.object({ success: z.literal(true) });
