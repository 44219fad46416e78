import type { Config } from '@netlify/functions';
import {
  DeskListQuerySchema,
  deskMessages,
  DeskMessageSchema,
  DeskNoteSchema,
  DeskStatusSchema,
  TeamChangeSchema,
  TrailQuerySchema,
} from '../../src/shared/denuncia-desk.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { addDeskNote, changeStatus, writeToReporter } from '../../src/server/denuncias/desk-changes.ts';
import { denunciaDetail, listDenuncias, listTrail, openDenunciaFile } from '../../src/server/denuncias/desk.ts';
import { listTeam, setCompliance } from '../../src/server/denuncias/team.ts';
import { arrivalOf, failure, parseInput, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { safeFileName } from '../../src/server/published-files.ts';

/**
 * The compliance desk (docs/admin-api.md), for the `cumplimiento` role only: an
 * administrator without it gets 403 before anything is read. GET /api/admin/denuncias (the list),
 * GET …/trail, GET …/team and PUT …/team/{adminId}, GET and PUT …/{reference}, POST
 * …/{reference}/messages and …/notes, GET …/{reference}/attachments/{uploadId}. Every answer is
 * no-store; nothing here writes to audit_log, every read and change writes the compliance trail.
 */
export default adminEndpoint(async ({ req, context, admin, db }) => {
  const url = new URL(req.url);
  const arrival = arrivalOf(req);
  const query = () => Object.fromEntries(url.searchParams);

  if (url.pathname === '/api/admin/denuncias/trail')
    return byMethod(req, {
      GET: async () => answer(await listTrail(db, parseInput(TrailQuerySchema, query()).page)),
    });
  if (url.pathname === '/api/admin/denuncias/team')
    return byMethod(req, { GET: async () => answer({ team: await listTeam(db) }) });

  const { reference, uploadId, adminId } = context.params;
  if (adminId !== undefined)
    return byMethod(req, {
      PUT: async () => {
        const { compliance } = await readInput(req, TeamChangeSchema, 1_024);
        const member = await setCompliance(db, admin, adminId, compliance);
        return member ? answer({ member }) : failure(404, deskMessages.memberNotFound);
      },
    });

  if (reference === undefined)
    return byMethod(req, {
      GET: async () => answer(await listDenuncias(db, admin, parseInput(DeskListQuerySchema, query()), arrival.at)),
    });

  // The denuncia as a change left it: the desk shows it at once.
  const detail = async (status = 200) => {
    const denuncia = await denunciaDetail(db, reference, arrival.at);
    return denuncia ? answer({ denuncia }, status) : failure(404, deskMessages.notFound);
  };

  if (uploadId !== undefined)
    return byMethod(req, {
      GET: async () => {
        const file = await openDenunciaFile(db, admin, reference, uploadId);
        if (!file) return failure(404, deskMessages.attachmentNotFound);
        return new Response(file.body, {
          headers: {
            'Content-Type': 'application/octet-stream',
            // The plain name for old clients, the name as the reporter gave it for the rest (RFC 6266).
            'Content-Disposition': `attachment; filename="${safeFileName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
            'Cache-Control': 'private, no-store',
          },
        });
      },
    });

  if (url.pathname.endsWith('/messages'))
    return byMethod(req, {
      POST: async () => {
        const { body } = await readInput(req, DeskMessageSchema, 4_096);
        if (!(await writeToReporter(db, admin, reference, body, arrival))) return failure(404, deskMessages.notFound);
        // The reporter's content-free notice, when they asked for one, goes out after the answer.
        context.waitUntil(deliverDueMail());
        return detail(201);
      },
    });

  if (url.pathname.endsWith('/notes'))
    return byMethod(req, {
      POST: async () => {
        const { body } = await readInput(req, DeskNoteSchema, 32_768);
        return (await addDeskNote(db, admin, reference, body)) ? detail(201) : failure(404, deskMessages.notFound);
      },
    });

  return byMethod(req, {
    GET: async () => {
      const denuncia = await denunciaDetail(db, reference, arrival.at, { read: admin });
      return denuncia ? answer({ denuncia }) : failure(404, deskMessages.notFound);
    },
    PUT: async () => {
      const change = await readInput(req, DeskStatusSchema, 1_024);
      return (await changeStatus(db, admin, reference, change, arrival.at))
        ? detail()
        : failure(404, deskMessages.notFound);
    },
  });
}, 'cumplimiento');

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
