import type { Config } from '@netlify/functions';
import {
  bootstrapMessages,
  BootstrapSchema,
  ComplianceBootstrapSchema,
  type BootstrapAnswer,
  type BootstrapStatusAnswer,
  type ComplianceInvitationAnswer,
} from '../../src/shared/bootstrap/schema.ts';
import { answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { bootstrapStatus, createFirstAdmin, inviteFirstCompliance } from '../../src/server/auth/bootstrap.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { failure, readInput, withErrorHandling } from '../../src/server/http.ts';
import { Conflict, NotAllowed } from '../../src/server/errors.ts';

/**
 * GET /api/bootstrap: whether the first administrator (`?rol=cumplimiento`: the first compliance
 * user) can be created; POST /api/bootstrap: creates it with the one-time token, or for the first
 * compliance user (`?rol=cumplimiento`) answers an invitation link (docs/reference/admin-api.md). No
 * bearer token: there is no account yet to hold one.
 */

export default withErrorHandling(async (req: Request) => {
  const db = getDatabase();
  const role = new URL(req.url).searchParams.get('rol') === 'cumplimiento' ? 'cumplimiento' : 'administrador';
  return byMethod(req, {
    GET: async () => answer({ status: await bootstrapStatus(db, role) } satisfies BootstrapStatusAnswer),
    POST: async () => {
      const outcome =
        role === 'cumplimiento'
          ? await inviteFirstCompliance(db, await readInput(req, ComplianceBootstrapSchema, 4_096))
          : await createFirstAdmin(db, await readInput(req, BootstrapSchema, 4_096));
      switch (outcome.kind) {
        case 'created':
          return answer({ admin: outcome.admin } satisfies BootstrapAnswer, 201);
        case 'invited':
          return answer(
            { invitation: { path: outcome.path, expiresAt: outcome.expiresAt } } satisfies ComplianceInvitationAnswer,
            201,
          );
        case 'disabled':
          throw new NotAllowed(bootstrapMessages.disabled);
        case 'misconfigured':
          // The operator's setting is wrong, as when any required setting is missing.
          return failure(503, bootstrapMessages.misconfigured);
        case 'wrong-token':
          throw new NotAllowed(bootstrapMessages.wrongToken, 'token');
        case 'done':
          throw new Conflict(role === 'cumplimiento' ? bootstrapMessages.complianceDone : bootstrapMessages.done);
      }
    },
  });
});

export const config: Config = {
  path: '/api/bootstrap',
  // Guessing a token of 32 characters or more is hopeless anyway; this keeps anyone from trying.
  // As many as /api/login allows: every visit to /login asks for the status.
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
