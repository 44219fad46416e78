import type { Config } from '@netlify/functions';
import {
  caseMessages,
  CaseListQuerySchema,
  CaseNoteSchema,
  CaseReplySchema,
  CaseSettingsSchema,
  CaseUpdateSchema,
} from '../../src/shared/cases.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { chileDate } from '../../src/server/business-days.ts';
import {
  addNote,
  readCaseSettings,
  replyToCase,
  updateCase,
  updateCaseSettings,
} from '../../src/server/cases/changes.ts';
import { caseAttachment, caseDetail } from '../../src/server/cases/detail.ts';
import { listCases } from '../../src/server/cases/list.ts';
import { arrivalOf, failure, parseInput, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { safeFileName } from '../../src/server/published-files.ts';
import { uploadStore } from '../../src/server/storage.ts';
import { streamUpload } from '../../src/server/uploads.ts';

/**
 * Atención ciudadana (docs/admin-api.md): GET /api/admin/cases (the filtered list),
 * GET and PUT /api/admin/cases/settings, GET and PUT /api/admin/cases/{caseId}, POST
 * …/{caseId}/notes and …/{caseId}/replies, GET …/{caseId}/attachments/{uploadId} (a CV).
 */
export default adminEndpoint(async ({ req, context, admin, db }) => {
  const { pathname } = new URL(req.url);
  // "Today" in Chile, for the business days left; the arrival's clock (local e2e tests may set it).
  const today = () => chileDate(arrivalOf(req).at);
  const detail = async (id: string, status = 200) => {
    const found = await caseDetail(db, id, today());
    return found ? answer(found, status) : failure(404, caseMessages.notFound);
  };

  if (pathname.endsWith('/settings'))
    return byMethod(req, {
      GET: async () => answer(await readCaseSettings(db)),
      PUT: async () => {
        const { messageBusinessDays } = await readInput(req, CaseSettingsSchema, 1_024);
        return answer(await updateCaseSettings(db, admin, messageBusinessDays));
      },
    });

  const { caseId, uploadId } = context.params;
  if (caseId === undefined)
    return byMethod(req, {
      GET: async () =>
        answer(
          await listCases(
            db,
            parseInput(CaseListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)),
            today(),
          ),
        ),
    });

  if (uploadId !== undefined)
    return byMethod(req, {
      GET: async () => {
        const file = await caseAttachment(db, caseId, uploadId);
        const body = file && (await streamUpload(uploadStore(), file.id));
        if (!file || !body) return failure(404, caseMessages.attachmentNotFound);
        // A CV is personal data: reading it is in the audit log, like a payment's detail.
        await recordAccess(db, {
          admin,
          action: 'view',
          entity: 'case',
          entityId: caseId,
          summary: `CV de ${file.reference}`,
        });
        return new Response(body, {
          headers: {
            'Content-Type': 'application/octet-stream',
            // The plain name for old clients, the name as the applicant gave it for the rest (RFC 6266).
            'Content-Disposition': `attachment; filename="${safeFileName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
            'Cache-Control': 'private, no-store',
          },
        });
      },
    });

  if (pathname.endsWith('/notes'))
    return byMethod(req, {
      POST: async () => {
        const { body } = await readInput(req, CaseNoteSchema, 32_768);
        return (await addNote(db, admin, caseId, body)) ? detail(caseId, 201) : failure(404, caseMessages.notFound);
      },
    });

  if (pathname.endsWith('/replies'))
    return byMethod(req, {
      POST: async () => {
        const { body } = await readInput(req, CaseReplySchema, 65_536);
        if (!(await replyToCase(db, admin, caseId, body, arrivalOf(req).origin)))
          return failure(404, caseMessages.notFound);
        // The citizen's mail goes out after the answer, as a submission's does.
        context.waitUntil(deliverDueMail());
        return detail(caseId, 201);
      },
    });

  return byMethod(req, {
    GET: () => detail(caseId),
    PUT: async () => {
      const update = await readInput(req, CaseUpdateSchema, 1_024);
      return (await updateCase(db, admin, caseId, update)) ? detail(caseId) : failure(404, caseMessages.notFound);
    },
  });
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
