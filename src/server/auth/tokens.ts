import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config.ts';

/**
 * Access tokens: HS256 JWTs signed with the secret of config.authSecret(), valid one hour. Each
 * carries the admin's session version (`sv`): signing out, a new password or a role granted bumps
 * the version in the database, and requireAdmin refuses every token issued before. Each also names
 * its sign-in (`sid`, a row of admin_sessions, src/server/auth/sessions.ts), which the server
 * refuses once unused for 30 minutes. While the admin works, the app trades its token for a fresh
 * one (POST /api/admin/account/token); `auth_time`, when the admin signed in, bounds that to a
 * day's work.
 */
const LIFETIME = '1h';
const MAX_SESSION_SECONDS = 12 * 60 * 60;
const ISSUER = 'aguas-patagonia-admin';
// The audience tells an access token from a sign-in's challenge: neither is accepted as the other.
const ACCESS = 'admin';
const CHALLENGE = 'second-factor';

const key = async () => new TextEncoder().encode(await config.authSecret());

export interface TokenClaims {
  adminId: string;
  sessionVersion: number;
  /** The sign-in's row in admin_sessions. */
  sessionId: string;
  /** When the admin signed in, in seconds since the epoch. */
  signedInAt: number;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export const signAccessToken = async ({
  adminId,
  sessionVersion,
  sessionId,
  signedInAt = nowInSeconds(),
}: Omit<TokenClaims, 'signedInAt'> & { signedInAt?: number }): Promise<string> =>
  new SignJWT({ sv: sessionVersion, sid: sessionId, auth_time: signedInAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuer(ISSUER)
    .setAudience(ACCESS)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(await key());

/** The claims of a valid token; undefined for a forged, expired or other-key token, a challenge, or one without its claims. */
export async function verifyAccessToken(token: string): Promise<TokenClaims | undefined> {
  // Outside the try: a missing secret is the deploy's fault (503), not the token's (401).
  const secret = await key();
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: ACCESS, algorithms: ['HS256'] });
    const { sub, sv, sid, auth_time: signedInAt } = payload;
    return sub && Number.isInteger(sv) && typeof sid === 'string' && Number.isInteger(signedInAt)
      ? { adminId: sub, sessionVersion: sv as number, sessionId: sid, signedInAt: signedInAt as number }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh token for the same sign-in, or undefined once the sign-in is a working day old. */
export const refreshAccessToken = async (claims: TokenClaims): Promise<string | undefined> =>
  nowInSeconds() - claims.signedInAt < MAX_SESSION_SECONDS ? signAccessToken(claims) : undefined;

/**
 * What the password step hands the second: who typed the right password, at which session
 * version, the challenge's id (its row in sign_in_challenges, sign-in.ts: single-use, bound to the
 * client group that typed the password) and, at a first sign-in, the TOTP secret offered for
 * enrolment (the owner sees it anyway: it is theirs to type into their app; it is sealed only once
 * enrolled).
 */
export interface ChallengeClaims {
  id: string;
  adminId: string;
  sessionVersion: number;
  enrolSecret?: string;
}

/** Time to type the code after the password, in seconds: the challenge's row expires with it. */
export const CHALLENGE_SECONDS = 5 * 60;

export const signChallenge = async ({ id, adminId, sessionVersion, enrolSecret }: ChallengeClaims): Promise<string> =>
  new SignJWT({ sv: sessionVersion, ...(enrolSecret ? { totp: enrolSecret } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setJti(id)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SECONDS}s`)
    .sign(await key());

export async function verifyChallenge(token: string): Promise<ChallengeClaims | undefined> {
  const secret = await key();
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: CHALLENGE, algorithms: ['HS256'] });
    const { sub, jti, sv, totp } = payload;
    if (!sub || !jti || !Number.isInteger(sv) || (totp !== undefined && typeof totp !== 'string')) return undefined;
    return { id: jti, adminId: sub, sessionVersion: sv as number, ...(totp ? { enrolSecret: totp } : {}) };
  } catch {
    return undefined;
  }
}
