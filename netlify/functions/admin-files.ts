import type { Config } from '@netlify/functions';
import { INLINE_LIMIT } from '../../src/shared/uploads/schema.ts';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { parseMultipart } from '../../src/server/uploads/multipart.ts';
import { publishFile } from '../../src/server/uploads/published.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/**
 * POST /api/admin/files (docs/reference/admin-api.md): publishes a file for the public pages, inline up
 * to 4 MB or as the `uploadId` of a chunked upload of purpose `publication`; answers its address.
 */
export default adminEndpoint(async ({ req, context, admin, db }) =>
  byMethod(req, {
    POST: async () => {
      const form = await parseMultipart(req, { maxFileBytes: INLINE_LIMIT });
      return answer({ url: await publishFile(db, uploadStore(), admin, form, context.ip) }, 201);
    },
  }),
);

export const config: Config = { path: '/api/admin/files' };
