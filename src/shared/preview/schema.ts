import * as z from 'zod/mini';

/**
 * POST /api/preview-anonymisation (production only, docs/guides/deploy.md section 3a): a deploy preview's
 * build hands production its database branch's connection string, and production's own code
 * anonymises that branch. Answers `{ outcome }`: `done`, `already-done`, or `unclassified` with
 * what production's classification lacks.
 */
export const PreviewAnonymisationSchema = z.object({
  connectionString: z.string().check(z.minLength(1), z.maxLength(2_000), z.regex(/^postgres(ql)?:\/\//)),
});
