import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config.ts';

/**
 * Access tokens: HS256 JWTs signed with the secret of config.authSecret(), valid one hour. Each
 * carries the admin's session version (`sv`): signing out or a new password bumps the version
 * in the database, and requireAdmin refuses every token issued before.
 */
const LIFETIME = '1h';
const ISSUER = 'aguas-patagonia-admin';

const key = async () => new TextEncoder().encode(await config.authSecret());

interface TokenClaims {
  adminId: string;
  sessionVersion: number;
}

export const signAccessToken = async ({ adminId, sessionVersion }: TokenClaims): Promise<string> =>
  new SignJWT({ sv: sessionVersion }).setProtectedHeader({ alg: 'HS256' }).setSubject(adminId).setIssuer(ISSUER).setIssuedAt().setExpirationTime(LIFETIME).sign(await key());

/** The claims of a valid token; undefined for a forged, expired or other-key token, or one without a version. */
export async function verifyAccessToken(token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.sub && Number.isInteger(payload.sv) ? { adminId: payload.sub, sessionVersion: payload.sv as number } : undefined;
  } catch {
    return undefined;
  }
}
