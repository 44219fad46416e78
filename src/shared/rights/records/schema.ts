import * as z from 'zod/mini';
import { rightsMessages } from '../texts.ts';
import { recordSourceKeys } from './texts.ts';

/**
 * What the site holds about the person of a rights request, as the desk's search finds it
 * (GET /api/admin/cases/:caseId/rights/data, src/server/rights/search.ts) and as the export's
 * datos.json carries it (src/server/rights/export.ts, docs/reference/rights-export.md).
 */

/** A stored file of a record (a job application's CV), while its bytes are kept. */
export const FoundFileSchema = z.object({
  uploadId: z.string(),
  /** The name the person gave the file. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
});

/** One row of one source: a complaint, a bill, an alert subscription… */
export const FoundRecordSchema = z.object({
  source: z.enum(recordSourceKeys),
  /** The row's id in its table (a number or a UUID, as text). */
  id: z.string(),
  /** The reference the person saw (REC-…, a bill's buy order), if the row has one. */
  reference: z.nullable(z.string()),
  /** When the row was stored, ISO 8601 in UTC. */
  createdAt: z.string(),
  /** What the row says, in the form's order and words, instants on Aysén's clock. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  files: z.array(FoundFileSchema),
  /**
   * Null for the requester's own record (it carries the confirmed e-mail, or is of a service whose
   * proven holder they are: src/server/rights/subject.ts). A record of someone
   * else that carries the RUT or service number the requester typed: which (`matchedBy`) and why,
   * as staff read it; whether staff included it in the export, when and who.
   */
  thirdParty: z.nullable(
    z.object({
      matchedBy: z.enum(['service', 'rut']),
      reason: z.string(),
      includedAt: z.nullable(z.string()),
      includedBy: z.nullable(z.string()),
    }),
  ),
});
export type FoundRecord = z.infer<typeof FoundRecordSchema>;

/**
 * The request's confirmed e-mail, RUT and service number; the records of the e-mail, and those of
 * other people found by the RUT or service number, for staff to review.
 */
export const PersonalDataSchema = z.object({
  subject: z.object({ email: z.string(), rut: z.string(), serviceNumber: z.string() }),
  records: z.array(FoundRecordSchema),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/**
 * The export's datos.json: the requester's own records and those of other people staff included
 * (without those people's contact data and files), with the request it answers and when it was
 * made; each file also says where it is in the ZIP (`archivos/…`).
 */
export const ExportDataSchema = z.object({
  reference: z.string(),
  generatedAt: z.string(),
  subject: PersonalDataSchema.shape.subject,
  records: z.array(
    z.extend(FoundRecordSchema, {
      files: z.array(z.extend(FoundFileSchema, { path: z.string() })),
      /** Someone else's record staff included: why it concerns the requester (never who included it). */
      thirdParty: z.nullable(z.object({ reason: z.string() })),
    }),
  ),
});
export type ExportData = z.infer<typeof ExportDataSchema>;

/** 32 random bytes in base64url (link-tokens.ts): anything else is no link of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/derechos/descarga: the token of the link mailed with the export. */
export const RightsDownloadSchema = z.object({
  token: z
    .string({ error: rightsMessages.downloadGone })
    .check(z.trim(), z.regex(TOKEN_PATTERN, rightsMessages.downloadGone)),
});
