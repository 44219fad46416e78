import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config.ts';

/** Access tokens: HS256 JWTs signed with the secret of config.authSecret(), valid one hour. */
const LIFETIME = '1h';
const ISSUER = 'aguas-patagonia-admin';

const key = async () => new TextEncoder().encode(await config.authSecret());

export const signAccessToken = async (adminId: string): Promise<string> =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(adminId).setIssuer(ISSUER).setIssuedAt().setExpirationTime(LIFETIME).sign(await key());

/** The admin id of a valid token; undefined for a forged, expired or other-key token. */
export async function verifyAccessToken(token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.sub;
  } catch {
    return undefined;
  }
}
