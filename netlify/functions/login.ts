import type { Config } from '@netlify/functions';
import { authMessages, LoginSchema, SecondFactorSchema, type SignedIn } from '../../src/shared/auth/schema.ts';
import { secondFactorLockTexts } from '../../src/shared/auth/texts.ts';
import { checkCredentials, completeSignIn } from '../../src/server/auth/sign-in.ts';
import { signAccessToken, verifyChallenge } from '../../src/server/auth/tokens.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { NotSignedIn, Throttled } from '../../src/server/errors.ts';
import { json, readInput } from '../../src/server/http.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { publicRoutes } from '../../src/server/route-table.ts';

/**
 * POST /api/login (spec §7), the password step: a right password answers data.data.challenge
 * and what the second step asks (docs/reference/admin-api.md); POST /api/login/second-factor: the code,
 * which answers spec §7's data.data.user and data.data.accessToken.
 */
/** Without the signing secret or the key of the second factors nobody can sign in (503), so no password is even checked. */
async function signInDatabase() {
  await settings.authSecret();
  await settings.totpKey();
  return getDatabase();
}

export default publicRoutes({
  '/api/login': {
    POST: async ({ req, context }) => {
      const db = await signInDatabase();
      const input = await readInput(req, LoginSchema, 2_048);
      const result = await checkCredentials(db, input.email, input.password, context.ip);
      if (!result.ok) {
        // The failures counted are those of the last 15 minutes.
        if (result.reason === 'locked') throw new Throttled(authMessages.tooManyAttempts, 900);
        throw new NotSignedIn(authMessages.wrongCredentials);
      }
      return json({ success: true, data: result.step });
    },
  },
  '/api/login/second-factor': {
    POST: async ({ req, context }) => {
      const db = await signInDatabase();
      const input = await readInput(req, SecondFactorSchema, 4_096);
      const challenge = await verifyChallenge(input.challenge);
      const result = challenge
        ? await completeSignIn(db, challenge, input.code, context.ip)
        : ({ ok: false, reason: 'expired' } as const);
      if (!result.ok) {
        if (result.reason === 'locked') throw new Throttled(authMessages.tooManyAttempts, 900);
        if (result.reason === 'accountLocked') throw new Throttled(secondFactorLockTexts.locked, 900);
        if (result.reason === 'expired') throw new NotSignedIn(authMessages.challengeExpired);
        // The code that locked the account queued its owner's notice: sent after the answer.
        if (result.notified) context.waitUntil(deliverDueMail());
        throw new NotSignedIn(authMessages.wrongCode, 'code');
      }
      const { admin, sessionVersion, sessionId, recoveryCodes } = result;
      const accessToken = await signAccessToken({ adminId: admin.id, sessionVersion, sessionId });
      return json({
        success: true,
        data: { user: admin, accessToken, ...(recoveryCodes ? { recoveryCodes } : {}) } satisfies SignedIn,
      });
    },
  },
});

export const config: Config = {
  path: ['/api/login', '/api/login/second-factor'],
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
