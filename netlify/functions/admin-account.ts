import type { Config } from '@netlify/functions';
import { adminMessages, AdminProfileSchema, PasswordChangeSchema } from '../../src/shared/admins/schema.ts';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import { changeOwnPassword, updateAdmin } from '../../src/server/admins/manage.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { findAdmin } from '../../src/server/auth/sign-in.ts';
import { refreshAccessToken, signAccessToken } from '../../src/server/auth/tokens.ts';
import { Invalid, NotSignedIn } from '../../src/server/errors.ts';
import { readInput } from '../../src/server/http.ts';

/**
 * /api/admin/account: the signed-in admin's own profile; /api/admin/account/password: their own
 * password, which ends every other session and answers a fresh token for this one;
 * /api/admin/account/token: a fresh token for the same sign-in (src/server/auth/tokens.ts), refused
 * once the sign-in went unused for 30 minutes (requireAdmin).
 */
export default adminRoutes(
  {
    '/api/admin/account': {
      GET: async ({ db, admin }) => answer({ admin: await findAdmin(db, admin.id) }),
      PUT: async ({ req, db, admin }) => {
        const input = await readInput(req, AdminProfileSchema, 4_096);
        return answer({ admin: await updateAdmin(db, admin, admin.id, { ...input, password: '' }) });
      },
    },
    '/api/admin/account/password': {
      POST: async ({ req, db, admin, token }) => {
        const input = await readInput(req, PasswordChangeSchema, 2_048);
        const sessionVersion = await changeOwnPassword(db, admin, input.currentPassword, input.newPassword);
        if (sessionVersion === undefined) throw new Invalid(adminMessages.wrongCurrentPassword, 'currentPassword');
        return answer({
          accessToken: await signAccessToken({ adminId: admin.id, sessionVersion, sessionId: token.sessionId }),
        });
      },
    },
    '/api/admin/account/token': {
      POST: async ({ db, admin, token }) => {
        const accessToken = await refreshAccessToken(token);
        if (!accessToken) throw new NotSignedIn(authMessages.unauthorized);
        await recordAccess(db, {
          admin,
          action: 'renew',
          entity: 'session',
          entityId: admin.id,
          summary: 'Token renovado',
        });
        return answer({ accessToken });
      },
    },
  },
  'any',
);

export const config: Config = {
  path: ['/api/admin/account', '/api/admin/account/password', '/api/admin/account/token'],
};
