import type { Config, Context } from '@netlify/functions';
import { authMessages, LoginSchema } from '../../src/shared/auth.ts';
import { checkCredentials } from '../../src/server/auth/admins.ts';
import { config as settings } from '../../src/server/config.ts';
import { signAccessToken } from '../../src/server/auth/tokens.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { tooManyRequests } from '../../src/server/errors.ts';
import { failure, json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';

/** POST /api/login (spec §7): data.data.user and data.data.accessToken. */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const input = await readInput(req, LoginSchema, 2_048);
  // Without the signing secret nobody can sign in (503), so no password is even checked.
  await settings.authSecret();

  const result = await checkCredentials(getDatabase(), input.email, input.password, context.ip);
  if (!result.ok) {
    // The failures counted are those of the last 15 minutes.
    if (result.reason === 'locked') throw tooManyRequests(authMessages.tooManyAttempts, 900);
    return failure(401, authMessages.wrongCredentials);
  }
  return json({
    success: true,
    data: {
      user: result.admin,
      accessToken: await signAccessToken({ adminId: result.admin.id, sessionVersion: result.sessionVersion }),
    },
  });
});

export const config: Config = {
  path: '/api/login',
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
