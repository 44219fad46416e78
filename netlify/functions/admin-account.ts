import type { Config } from '@netlify/functions';
import { adminMessages, AdminProfileSchema, PasswordChangeSchema } from '../../src/shared/admins.ts';
import { authMessages } from '../../src/shared/auth.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { changeOwnPassword, updateAdmin } from '../../src/server/admins.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { findAdmin } from '../../src/server/auth/admins.ts';
import { refreshAccessToken, signAccessToken } from '../../src/server/auth/tokens.ts';
import { Invalid, NotSignedIn } from '../../src/server/errors.ts';
import { readInput } from '../../src/server/http.ts';

/**
 * /api/admin/account: the signed-in admin's own profile; /api/admin/account/password: their own
 * password, which ends every other session and answers a fresh token for this one;
 * /api/admin/account/token: a fresh token for the same sign-in (src/server/auth/tokens.ts), refused
 * once the sign-in went unused for 30 minutes (requireAdmin).
 */
export default adminEndpoint(async ({ req, admin, token, db }) => {
  const { pathname } = new URL(req.url);
  if (pathname.endsWith('/token')) {
    return byMethod(req, {
      POST: async () => {
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
    });
  }
  if (pathname.endsWith('/password')) {
    return byMethod(req, {
      POST: async () => {
        const input = await readInput(req, PasswordChangeSchema, 2_048);
        const sessionVersion = await changeOwnPassword(db, admin, input.currentPassword, input.newPassword);
        if (sessionVersion === undefined) throw new Invalid(adminMessages.wrongCurrentPassword, 'currentPassword');
        return answer({
          accessToken: await signAccessToken({ adminId: admin.id, sessionVersion, sessionId: token.sessionId }),
        });
      },
    });
  }
  return byMethod(req, {
    GET: async () => answer({ admin: await findAdmin(db, admin.id) }),
    PUT: async () => {
      const input = await readInput(req, AdminProfileSchema, 4_096);
      return answer({ admin: await updateAdmin(db, admin, admin.id, { ...input, password: '' }) });
    },
  });
}, 'any');

export const config: Config = {
  path: ['/api/admin/account', '/api/admin/account/password', '/api/admin/account/token'],
};
