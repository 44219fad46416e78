import * as z from 'zod/mini';
import { fieldMessages, lineCheck, requiredText } from '../../fields.ts';
import { recordSourceKeys } from '../records/texts.ts';
import { rightTypeKeys } from '../texts.ts';
import { isCorrectable, MAX_ERASED_RECORDS, rightsDeskMessages as messages } from './texts.ts';

/**
 * The rights desk's boundary (/api/admin/cases/{caseId}/rights…, src/server/rights/): the view
 * of one request and the bodies of its actions. The texts are in desk/texts.ts.
 */

/** GET …/rights: what only a rights request has, beside its case (status, notes, replies). */
export const RightsDeskSchema = z.object({
  reference: z.string(),
  type: z.enum(rightTypeKeys),
  emailConfirmedAt: z.nullable(z.string()),
  /** More proof of identity staff asked for, and what the person sent. */
  proofRequested: z.nullable(z.string()),
  proofRequestedAt: z.nullable(z.string()),
  proofReceived: z.nullable(z.string()),
  proofReceivedAt: z.nullable(z.string()),
  /** The one extension the law allows, and its reason as mailed to the person. */
  extendedAt: z.nullable(z.string()),
  extensionReason: z.nullable(z.string()),
  /** The last day to answer, on Chile's calendar (the case's, moved by the extension). */
  dueOn: z.string(),
  /** The download links sent, newest first; each works once, until it expires. */
  exports: z.array(
    z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string(), downloadedAt: z.nullable(z.string()) }),
  ),
  /** The marks this request put on the person's data (blockSubject). */
  blocks: z.array(z.object({ kind: z.enum(['bloqueo', 'oposicion']), createdAt: z.string() })),
});
export type RightsDesk = z.infer<typeof RightsDeskSchema>;

/** POST …/rights/extension: why the request needs 15 more business days (mailed to the person). */
export const RightsExtensionSchema = z.object({
  reason: requiredText(1000, messages.reasonRequired, { multiline: true }),
});

const optionalProof = z.optional(
  z
    .string({ error: fieldMessages.invalidType })
    .check(z.trim(), z.maxLength(1000, fieldMessages.tooLong(1000)), lineCheck(true)),
);

/** POST …/rights/proof: what proof of identity was asked for, or received; at least one. */
export const RightsProofSchema = z.object({ requested: optionalProof, received: optionalProof }).check(
  z.refine(({ requested, received }) => Boolean(requested || received), {
    message: messages.proofRequired,
    path: ['requested'],
  }),
);
export type RightsProof = z.infer<typeof RightsProofSchema>;

/** One record the desk's search found (src/server/rights/search.ts): its kind and its id there. */
const RecordSchema = z.object({
  source: z.enum(recordSourceKeys, { error: messages.sourceRequired }),
  id: requiredText(64, messages.idRequired),
});

/** POST …/rights/erasure: the records to erase. */
export const RightsErasureSchema = z.object({
  records: z
    .array(RecordSchema, { error: messages.recordsRequired })
    .check(z.minLength(1, messages.recordsRequired), z.maxLength(MAX_ERASED_RECORDS, messages.tooManyRecords)),
});

/** POST …/rights/erasure: data. What was done: the records deleted, and those kept with the legal reason. */
export const ErasureOutcomeSchema = z.object({
  erased: z.array(z.object({ source: z.enum(recordSourceKeys), id: z.string() })),
  kept: z.array(z.object({ source: z.enum(recordSourceKeys), id: z.string(), reason: z.string() })),
});
export type ErasureOutcome = z.infer<typeof ErasureOutcomeSchema>;

/** POST …/rights/inclusion: someone else's record found by the RUT or service number, included in the export or not. */
export const RightsInclusionSchema = z.extend(RecordSchema, {
  included: z.boolean({ error: fieldMessages.invalidType }),
});
export type RightsInclusion = z.infer<typeof RightsInclusionSchema>;

/** POST …/rights/rectification: one field of one record, corrected (a field of correctableFields). */
export const RightsRectificationSchema = z
  .extend(RecordSchema, {
    field: requiredText(40, messages.notCorrectable),
    value: requiredText(150, messages.valueRequired),
  })
  .check(
    z.refine(({ source, field }) => isCorrectable(source, field), {
      message: messages.notCorrectable,
      path: ['field'],
    }),
    z.refine(({ field, value }) => field !== 'email' || z.safeParse(z.email(), value).success, {
      message: fieldMessages.invalidEmail,
      path: ['value'],
    }),
  );
export type RightsRectification = z.infer<typeof RightsRectificationSchema>;

/** GET …/rights and every action's answer: the desk as it is now. */
export const RightsDeskAnswerSchema = z.object({ rights: RightsDeskSchema });
/** POST …/rights/export: the desk, and when the mailed link expires. */
export const RightsExportAnswerSchema = z.extend(RightsDeskAnswerSchema, { expiresAt: z.string() });
/** POST …/rights/erasure: the desk, and what was erased and what kept, with the reason. */
export const RightsErasureAnswerSchema = z.extend(RightsDeskAnswerSchema, { outcome: ErasureOutcomeSchema });
