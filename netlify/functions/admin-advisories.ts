import type { Config } from '@netlify/functions';
import { AdvisoryListQuerySchema, AdvisoryUpdateInputSchema } from '../../src/shared/advisories/admin/schema.ts';
import { AdvisoryInputSchema, AdvisoryLiftSchema, advisoryMessages } from '../../src/shared/advisories/schema.ts';
import { advisoryDetail, listAdvisories } from '../../src/server/advisories/admin-list.ts';
import { addAdvisoryUpdate, liftAdvisory, publishAdvisory } from '../../src/server/advisories/lifecycle.ts';
import { createAdvisory, deleteAdvisory, updateAdvisory } from '../../src/server/advisories/manage.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import { keepCapDocumentsAfter } from '../../src/server/cap/store.ts';
import type { Database } from '../../src/server/db/index.ts';
import { arrivalOf, failure, parseInput, readInput } from '../../src/server/http.ts';

// "Now" is the arrival's clock, which local e2e tests may set (the stamps of each step).
const now = (req: Request) => arrivalOf(req).at;
const notFound = () => failure(404, advisoryMessages.notFound);
// Notice bodies carry instructions and up to 20 supply points of a few hundred characters each.
const readAdvisory = (req: Request) => readInput(req, AdvisoryInputSchema, 65_536);

/** The notice as a change left it. */
async function detail(db: Database, id: string, status = 200) {
  const advisory = await advisoryDetail(db, id);
  return advisory ? answer({ advisory }, status) : notFound();
}

/**
 * Avisos, staff's side (docs/reference/admin-api.md): GET and POST /api/admin/advisories, GET, PUT and
 * DELETE …/{id}, POST …/{id}/publish, …/{id}/updates and …/{id}/lift. Every change answers the
 * notice as it left it. The towns to choose from are the outages' (GET /api/admin/outages/towns).
 * A step that issues a CAP message keeps its document after the answer (cap/store.ts).
 */
export default adminRoutes({
  '/api/admin/advisories': {
    GET: async ({ req, db }) =>
      answer(
        await listAdvisories(
          db,
          parseInput(AdvisoryListQuerySchema, Object.fromEntries(new URL(req.url).searchParams)),
        ),
      ),
    POST: async ({ req, db, admin }) =>
      answer({ advisory: await createAdvisory(db, admin, await readAdvisory(req), now(req)) }, 201),
  },
  '/api/admin/advisories/:id': {
    GET: ({ db, params }) => detail(db, params.id),
    PUT: async ({ req, db, admin, params: { id } }) =>
      (await updateAdvisory(db, admin, id, await readAdvisory(req), now(req))) ? detail(db, id) : notFound(),
    DELETE: async ({ db, admin, params: { id } }) =>
      (await deleteAdvisory(db, admin, id)) ? answer({ deleted: id }) : notFound(),
  },
  '/api/admin/advisories/:id/publish': {
    POST: async ({ req, context, db, admin, params: { id } }) => {
      const advisory = await publishAdvisory(db, admin, id, now(req));
      if (!advisory) return notFound();
      keepCapDocumentsAfter(context, db, 'aviso', id);
      return answer({ advisory });
    },
  },
  '/api/admin/advisories/:id/updates': {
    POST: async ({ req, context, db, admin, params: { id } }) => {
      const { body } = await readInput(req, AdvisoryUpdateInputSchema, 8_192);
      if (!(await addAdvisoryUpdate(db, admin, id, body, now(req)))) return notFound();
      keepCapDocumentsAfter(context, db, 'aviso', id);
      return detail(db, id, 201);
    },
  },
  '/api/admin/advisories/:id/lift': {
    POST: async ({ req, context, db, admin, params: { id } }) => {
      const input = await readInput(req, AdvisoryLiftSchema, 8_192);
      if (!(await liftAdvisory(db, admin, id, input, now(req)))) return notFound();
      keepCapDocumentsAfter(context, db, 'aviso', id);
      return detail(db, id);
    },
  },
});

export const config: Config = {
  path: [
    '/api/admin/advisories',
    '/api/admin/advisories/:id',
    '/api/admin/advisories/:id/publish',
    '/api/admin/advisories/:id/updates',
    '/api/admin/advisories/:id/lift',
  ],
};
