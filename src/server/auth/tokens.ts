import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config.ts';

/**
 * Access tokens: HS256 JWTs signed with the secret of config.authSecret(), valid one hour. Each
 * carries the admin's session version (`sv`): signing out or a new password bumps the version
 * in the database, and requireAdmin refuses every token issued before. While the admin works,
 * the app trades its token for a fresh one (POST /api/admin/account/token), so an hour spent on
 * a form does not lose it; `auth_time`, when the password was typed, bounds that to a day's work.
 */
const LIFETIME = '1h';
const MAX_SESSION_SECONDS = 12 * 60 * 60;
const ISSUER = 'aguas-patagonia-admin';

const key = async () => new TextEncoder().encode(await config.authSecret());

export interface TokenClaims {
  adminId: string;
  sessionVersion: number;
  /** When the admin signed in with the password, in seconds since the epoch. */
  signedInAt: number;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export const signAccessToken = async ({
  adminId,
  sessionVersion,
  signedInAt = nowInSeconds(),
}: Omit<TokenClaims, 'signedInAt'> & { signedInAt?: number }): Promise<string> =>
  new SignJWT({ sv: sessionVersion, auth_time: signedInAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(await key());

/** The claims of a valid token; undefined for a forged, expired or other-key token, or one without a version or sign-in time. */
export async function verifyAccessToken(token: string): Promise<TokenClaims | undefined> {
  // Outside the try: a missing secret is the deploy's fault (503), not the token's (401).
  const secret = await key();
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, sv, auth_time: signedInAt } = payload;
    return sub && Number.isInteger(sv) && Number.isInteger(signedInAt)
      ? { adminId: sub, sessionVersion: sv as number, signedInAt: signedInAt as number }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh token for the same sign-in, or undefined once the sign-in is a working day old. */
export const refreshAccessToken = async (claims: TokenClaims): Promise<string | undefined> =>
  nowInSeconds() - claims.signedInAt < MAX_SESSION_SECONDS ? signAccessToken(claims) : undefined;
