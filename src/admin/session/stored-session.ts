import { decodeJwt } from 'jose';

/**
 * Spec §3 and §4: the session lives in sessionStorage as `accessToken` and `userId`, so it ends
 * with the tab. Storage can be disabled or full: then the session lasts as long as the page.
 */

const TOKEN_KEY = 'accessToken';
const USER_ID_KEY = 'userId';

export interface StoredSession {
  accessToken: string;
  userId: string;
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: nothing kept, nothing to remove.
  }
}

export function readSession(): StoredSession | null {
  const accessToken = read(TOKEN_KEY);
  const userId = read(USER_ID_KEY);
  return accessToken && userId ? { accessToken, userId } : null;
}

export function storeSession({ accessToken, userId }: StoredSession): void {
  write(TOKEN_KEY, accessToken);
  write(USER_ID_KEY, userId);
}

/** A password change answers a new token: the old one stopped working (docs/reference/admin-api.md). */
export const storeAccessToken = (accessToken: string): void => write(TOKEN_KEY, accessToken);

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(USER_ID_KEY, null);
}

/** The bearer token of every admin call. */
export const currentToken = (): string | null => read(TOKEN_KEY);

/**
 * Spec §9: a token is valid if its expiry is later than now. Only the expiry is read here; the
 * server checks the signature on every call. Anything that does not decode is not a token.
 */
export const isUnexpired = (token: string, now = Date.now()): boolean => millisecondsLeft(token, now) > 0;

/** How long a token has before it expires; 0 for anything that does not decode. */
export function millisecondsLeft(token: string, now = Date.now()): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? Math.max(0, exp * 1000 - now) : 0;
  } catch {
    return 0;
  }
}
