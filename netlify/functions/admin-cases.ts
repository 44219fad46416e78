import type { Config } from '@netlify/functions';
import {
  caseMessages,
  CaseListQuerySchema,
  CaseNoteSchema,
  CaseReplySchema,
  CaseSettingsSchema,
  CaseUpdateSchema,
} from '../../src/shared/cases/schema.ts';
import { adminRoutes, answer, type AdminCall } from '../../src/server/admin-endpoint.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { chileDate } from '../../src/shared/time/wall-clock.ts';
import { addedNote, replyToCase, updateCase } from '../../src/server/cases/changes.ts';
import { readCaseSettings, updateCaseSettings } from '../../src/server/cases/settings.ts';
import { caseAttachment, caseDetail } from '../../src/server/cases/detail.ts';
import { listCases } from '../../src/server/cases/list.ts';
import { arrivalOf, parseInput, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { privateDownload } from '../../src/server/uploads/published.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { streamUpload } from '../../src/server/uploads/files.ts';
import { NotFound } from '../../src/server/errors.ts';

/** "Today" in Chile, for the business days left: the arrival's clock (local e2e tests may set it). */
const today = (req: Request) => chileDate(arrivalOf(req).at);

/** The case as it is now, or as a change left it: the screen shows it at once. */
async function detail({ req, db }: AdminCall, caseId: string, status = 200) {
  const found = await caseDetail(db, caseId, today(req));
  if (!found) throw new NotFound(caseMessages.notFound);
  return answer(found, status);
}

/**
 * Atención ciudadana (docs/reference/admin-api.md): GET /api/admin/cases (the filtered list),
 * GET and PUT /api/admin/cases/settings, GET and PUT /api/admin/cases/{caseId}, POST
 * …/{caseId}/notes and …/{caseId}/replies, GET …/{caseId}/attachments/{uploadId} (a CV).
 */
export default adminRoutes({
  '/api/admin/cases': {
    GET: async ({ req, db }) =>
      answer(
        await listCases(
          db,
          parseInput(CaseListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)),
          today(req),
        ),
      ),
  },
  '/api/admin/cases/settings': {
    GET: async ({ db }) => answer(await readCaseSettings(db)),
    PUT: async ({ req, db, admin }) => {
      const { messageBusinessDays } = await readInput(req, CaseSettingsSchema, 1_024);
      return answer(await updateCaseSettings(db, admin, messageBusinessDays));
    },
  },
  '/api/admin/cases/:caseId': {
    GET: (call) => detail(call, call.params.caseId),
    PUT: async (call) => {
      const update = await readInput(call.req, CaseUpdateSchema, 1_024);
      if (!(await updateCase(call.db, call.admin, call.params.caseId, update)))
        throw new NotFound(caseMessages.notFound);
      return detail(call, call.params.caseId);
    },
  },
  '/api/admin/cases/:caseId/notes': {
    POST: async (call) => {
      const { body } = await readInput(call.req, CaseNoteSchema, 32_768);
      // The note and the case as it leaves it, in one round trip.
      const found = await caseDetail(
        call.db,
        call.params.caseId,
        today(call.req),
        addedNote(call.admin, call.params.caseId, body),
      );
      if (!found) throw new NotFound(caseMessages.notFound);
      return answer(found, 201);
    },
  },
  '/api/admin/cases/:caseId/replies': {
    POST: async (call) => {
      const { req, db, admin, context, params } = call;
      const { body } = await readInput(req, CaseReplySchema, 65_536);
      if (!(await replyToCase(db, admin, params.caseId, body, arrivalOf(req).origin)))
        throw new NotFound(caseMessages.notFound);
      // The citizen's mail goes out after the answer, as a submission's does.
      context.waitUntil(deliverDueMail());
      return detail(call, params.caseId, 201);
    },
  },
  '/api/admin/cases/:caseId/attachments/:uploadId': {
    GET: async ({ db, admin, params: { caseId, uploadId } }) => {
      const file = await caseAttachment(db, caseId, uploadId);
      const body = file && (await streamUpload(uploadStore(), file.id));
      if (!file || !body) throw new NotFound(caseMessages.attachmentNotFound);
      // A CV is personal data: reading it is in the audit log, like a payment's detail.
      await recordAccess(db, {
        admin,
        action: 'view',
        entity: 'case',
        entityId: caseId,
        summary: `CV de ${file.reference}`,
      });
      return privateDownload(body, file.name);
    },
  },
});

export const config: Config = {
  path: [
    '/api/admin/cases',
    '/api/admin/cases/settings',
    '/api/admin/cases/:caseId',
    '/api/admin/cases/:caseId/notes',
    '/api/admin/cases/:caseId/replies',
    '/api/admin/cases/:caseId/attachments/:uploadId',
  ],
};
