import type { Config } from '@netlify/functions';
import {
  InvitationAcceptSchema,
  invitationMessages,
  InvitationLookupSchema,
  type InvitationAccepted,
} from '../../src/shared/invitations/schema.ts';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { answer } from '../../src/server/admin-endpoint.ts';
import { acceptInvitation, openInvitation } from '../../src/server/auth/invitations.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { readInput } from '../../src/server/http.ts';
import { publicRoutes } from '../../src/server/route-table.ts';
import { Conflict, Invalid, NotFound } from '../../src/server/errors.ts';

/**
 * POST /api/invitation: who the link's invitation is for, and a TOTP secret to enrol; POST
 * /api/invitation/accept: creates the account with the password the person chose and the secret's
 * first code (docs/reference/admin-api.md). No bearer token: the account does not exist yet. The token is
 * sent in the body, never in a URL a log would keep.
 */
/** The secret is sealed with the key of the second factors: without it, no account (503). */
async function invitationDatabase() {
  await settings.totpKey();
  return getDatabase();
}

export default publicRoutes({
  '/api/invitation': {
    POST: async ({ req }) => {
      const db = await invitationDatabase();
      const invitation = await openInvitation(db, (await readInput(req, InvitationLookupSchema, 1_024)).token);
      if (!invitation) throw new NotFound(invitationMessages.invalid);
      return answer(invitation);
    },
  },
  '/api/invitation/accept': {
    POST: async ({ req }) => {
      const db = await invitationDatabase();
      const outcome = await acceptInvitation(db, await readInput(req, InvitationAcceptSchema, 4_096));
      switch (outcome.kind) {
        case 'accepted':
          return answer(
            { admin: outcome.admin, recoveryCodes: outcome.recoveryCodes } satisfies InvitationAccepted,
            201,
          );
        case 'wrong-code':
          throw new Invalid(authMessages.wrongCode, 'code');
        case 'duplicate-email':
          throw new Conflict(invitationMessages.duplicateEmail);
        case 'invalid':
          throw new NotFound(invitationMessages.invalid);
      }
    },
  },
});

export const config: Config = {
  path: ['/api/invitation', '/api/invitation/accept'],
  // A token of 256 bits cannot be guessed anyway; this keeps anyone from trying.
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
