import type { Config } from '@netlify/functions';
import {
  DeskListQuerySchema,
  deskMessages,
  DeskMessageSchema,
  DeskNoteSchema,
  DeskStatusSchema,
  TeamChangeSchema,
  TrailQuerySchema,
} from '../../src/shared/denuncias/desk/schema.ts';
import { adminRoutes, answer, type AdminCall } from '../../src/server/admin-endpoint.ts';
import { deskNote, changeStatus, writeToReporter } from '../../src/server/denuncias/desk-changes.ts';
import { denunciaDetail, listDenuncias, listTrail, openDenunciaFile } from '../../src/server/denuncias/desk.ts';
import { listTeam, setCompliance } from '../../src/server/denuncias/team.ts';
import { arrivalOf, parseInput, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { privateDownload } from '../../src/server/uploads/published.ts';
import { NotFound } from '../../src/server/errors.ts';

const query = (req: Request) => Object.fromEntries(new URL(req.url).searchParams);

/** The denuncia as a change left it: the desk shows it at once. */
async function detail({ req, db }: AdminCall, reference: string, status = 200) {
  const denuncia = await denunciaDetail(db, reference, arrivalOf(req).at);
  if (!denuncia) throw new NotFound(deskMessages.notFound);
  return answer({ denuncia }, status);
}

/**
 * The compliance desk (docs/reference/admin-api.md), for the `cumplimiento` role only: an
 * administrator without it gets 403 before anything is read. GET /api/admin/denuncias (the list),
 * GET …/trail, GET …/team and PUT …/team/{adminId}, GET and PUT …/{reference}, POST
 * …/{reference}/messages and …/notes, GET …/{reference}/attachments/{uploadId}. Every answer is
 * no-store; nothing here writes to audit_log, every read and change writes the compliance trail.
 */
export default adminRoutes(
  {
    '/api/admin/denuncias': {
      GET: async ({ req, db, admin }) =>
        answer(await listDenuncias(db, admin, parseInput(DeskListQuerySchema, query(req)), arrivalOf(req).at)),
    },
    '/api/admin/denuncias/trail': {
      GET: async ({ req, db }) => answer(await listTrail(db, parseInput(TrailQuerySchema, query(req)).page)),
    },
    '/api/admin/denuncias/team': {
      GET: async ({ db }) => answer({ team: await listTeam(db) }),
    },
    '/api/admin/denuncias/team/:adminId': {
      PUT: async ({ req, db, admin, params }) => {
        const { compliance } = await readInput(req, TeamChangeSchema, 1_024);
        const member = await setCompliance(db, admin, params.adminId, compliance);
        if (!member) throw new NotFound(deskMessages.memberNotFound);
        return answer({ member });
      },
    },
    '/api/admin/denuncias/:reference': {
      GET: async ({ req, db, admin, params }) => {
        const denuncia = await denunciaDetail(db, params.reference, arrivalOf(req).at, { read: admin });
        if (!denuncia) throw new NotFound(deskMessages.notFound);
        return answer({ denuncia });
      },
      PUT: async (call) => {
        const change = await readInput(call.req, DeskStatusSchema, 1_024);
        if (!(await changeStatus(call.db, call.admin, call.params.reference, change, arrivalOf(call.req).at)))
          throw new NotFound(deskMessages.notFound);
        return detail(call, call.params.reference);
      },
    },
    '/api/admin/denuncias/:reference/messages': {
      POST: async (call) => {
        const { req, db, admin, context, params } = call;
        const { body } = await readInput(req, DeskMessageSchema, 4_096);
        if (!(await writeToReporter(db, admin, params.reference, body, arrivalOf(req))))
          throw new NotFound(deskMessages.notFound);
        // The reporter's content-free notice, when they asked for one, goes out after the answer.
        context.waitUntil(deliverDueMail());
        return detail(call, params.reference, 201);
      },
    },
    '/api/admin/denuncias/:reference/notes': {
      POST: async (call) => {
        const { req, db, admin, params } = call;
        const { body } = await readInput(req, DeskNoteSchema, 32_768);
        // The note and the denuncia as it leaves it, in one round trip.
        const change = await deskNote(admin, params.reference, body);
        const denuncia = await denunciaDetail(db, params.reference, arrivalOf(req).at, { change });
        if (!denuncia) throw new NotFound(deskMessages.notFound);
        return answer({ denuncia }, 201);
      },
    },
    '/api/admin/denuncias/:reference/attachments/:uploadId': {
      GET: async ({ db, admin, params }) => {
        const file = await openDenunciaFile(db, admin, params.reference, params.uploadId);
        if (!file) throw new NotFound(deskMessages.attachmentNotFound);
        return privateDownload(file.body, file.fileName);
      },
    },
  },
  'cumplimiento',
);

export const config: Config = {
  path: [
    '/api/admin/denuncias',
    '/api/admin/denuncias/trail',
    '/api/admin/denuncias/team',
    '/api/admin/denuncias/team/:adminId',
    '/api/admin/denuncias/:reference',
    '/api/admin/denuncias/:reference/messages',
    '/api/admin/denuncias/:reference/notes',
    '/api/admin/denuncias/:reference/attachments/:uploadId',
  ],
};
