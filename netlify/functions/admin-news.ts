import type { Config } from '@netlify/functions';
import { reportAdminMessages, ReportInputSchema } from '../../src/shared/news/schema.ts';
import { adminCollection } from '../../src/server/admin-collection.ts';
import { isRowId } from '../../src/server/ids.ts';
import { createReport, deleteReport, findReport, listReports, updateReport } from '../../src/server/news.ts';

/** /api/admin/reports and /api/admin/reports/{id} (docs/reference/admin-api.md): news items (comunicados). */
export default adminCollection({
  schemas: { create: ReportInputSchema, update: ReportInputSchema },
  // Rich text of up to 50,000 characters, each up to 4 bytes once encoded.
  maxBytes: 256_000,
  keys: { list: 'reports', item: 'report' },
  notFound: reportAdminMessages.notFound,
  isId: isRowId,
  list: listReports,
  find: findReport,
  create: createReport,
  update: updateReport,
  remove: deleteReport,
});

export const config: Config = { path: ['/api/admin/reports', '/api/admin/reports/:id'] };
