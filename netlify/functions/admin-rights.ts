import type { Config } from '@netlify/functions';
import {
  RightsErasureSchema,
  RightsExtensionSchema,
  RightsInclusionSchema,
  RightsProofSchema,
  RightsRectificationSchema,
} from '../../src/shared/rights/desk/schema.ts';
import { adminRoutes, answer, type AdminCall } from '../../src/server/admin-endpoint.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { arrivalOf, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import {
  blockSubject,
  eraseRecords,
  extendRightsRequest,
  recordProof,
  rectifyRecord,
} from '../../src/server/rights/actions.ts';
import { rightsDesk } from '../../src/server/rights/desk.ts';
import { sendExport } from '../../src/server/rights/export.ts';
import { includeRecord } from '../../src/server/rights/inclusions.ts';
import { findPersonalData } from '../../src/server/rights/search.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/** The desk as an action left it, and whatever else the action answers. */
const deskAnswer = async ({ db, params }: AdminCall & { params: { caseId: string } }, extra: object = {}) =>
  answer({ rights: await rightsDesk(db, params.caseId), ...extra });

/**
 * Derechos de datos (docs/reference/admin-api.md), on a rights request's case in Atención ciudadana:
 * GET /api/admin/cases/{caseId}/rights (the desk), GET …/rights/data (what the site holds about the
 * person: read, so audited), POST …/rights/extension, …/proof, …/export, …/erasure,
 * …/inclusion (someone else's record in the export or not), …/rectification and …/block. Every action needs the requester's e-mail confirmed, except the
 * extension and the record of proof asked and received (src/server/rights/).
 */
export default adminRoutes({
  '/api/admin/cases/:caseId/rights': {
    GET: (call) => deskAnswer(call),
  },
  '/api/admin/cases/:caseId/rights/data': {
    GET: async ({ db, admin, params: { caseId } }) => {
      const data = await findPersonalData(db, caseId);
      // What the site holds about a person is personal data: reading it is in the audit log.
      await recordAccess(db, {
        admin,
        action: 'view',
        entity: 'rights_request',
        entityId: caseId,
        summary: `datos personales de ${data.subject.email} (${data.records.length} registros)`,
      });
      return answer({ data });
    },
  },
  '/api/admin/cases/:caseId/rights/extension': {
    POST: async (call) => {
      const { reason } = await readInput(call.req, RightsExtensionSchema, 4_096);
      await extendRightsRequest(call.db, call.admin, call.params.caseId, reason, arrivalOf(call.req).origin);
      call.context.waitUntil(deliverDueMail());
      return deskAnswer(call);
    },
  },
  '/api/admin/cases/:caseId/rights/proof': {
    POST: async (call) => {
      await recordProof(call.db, call.admin, call.params.caseId, await readInput(call.req, RightsProofSchema, 4_096));
      return deskAnswer(call);
    },
  },
  '/api/admin/cases/:caseId/rights/export': {
    POST: async (call) => {
      const { expiresAt } = await sendExport(
        call.db,
        uploadStore(),
        call.admin,
        call.params.caseId,
        arrivalOf(call.req).origin,
      );
      call.context.waitUntil(deliverDueMail());
      return deskAnswer(call, { expiresAt });
    },
  },
  '/api/admin/cases/:caseId/rights/erasure': {
    POST: async (call) => {
      const { records } = await readInput(call.req, RightsErasureSchema, 65_536);
      const outcome = await eraseRecords(call.db, uploadStore(), call.admin, call.params.caseId, records);
      return deskAnswer(call, { outcome });
    },
  },
  '/api/admin/cases/:caseId/rights/inclusion': {
    POST: async (call) => {
      await includeRecord(
        call.db,
        call.admin,
        call.params.caseId,
        await readInput(call.req, RightsInclusionSchema, 4_096),
      );
      return deskAnswer(call);
    },
  },
  '/api/admin/cases/:caseId/rights/rectification': {
    POST: async (call) => {
      await rectifyRecord(
        call.db,
        call.admin,
        call.params.caseId,
        await readInput(call.req, RightsRectificationSchema, 4_096),
      );
      return deskAnswer(call);
    },
  },
  '/api/admin/cases/:caseId/rights/block': {
    POST: async (call) => {
      await blockSubject(call.db, call.admin, call.params.caseId);
      return deskAnswer(call);
    },
  },
});

export const config: Config = {
  path: [
    '/api/admin/cases/:caseId/rights',
    '/api/admin/cases/:caseId/rights/data',
    '/api/admin/cases/:caseId/rights/extension',
    '/api/admin/cases/:caseId/rights/proof',
    '/api/admin/cases/:caseId/rights/export',
    '/api/admin/cases/:caseId/rights/erasure',
    '/api/admin/cases/:caseId/rights/inclusion',
    '/api/admin/cases/:caseId/rights/rectification',
    '/api/admin/cases/:caseId/rights/block',
  ],
};
