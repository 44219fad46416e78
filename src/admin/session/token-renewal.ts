import { BACKGROUND_CALL_HEADER } from '../../shared/auth/schema.ts';
import { currentToken, millisecondsLeft, storeAccessToken } from './stored-session.ts';

/**
 * A token lives an hour (src/server/auth/tokens.ts). While the app is open it is traded for a
 * fresh one in its last quarter of an hour, so an admin writing a long comunicado is not signed
 * out, and what they typed not lost, when they press Guardar. The server ends the trade 12 hours
 * after the password was typed. A renewal is a background call: it does not count as use, so it
 * never keeps a sign-in past the server's idle timeout.
 */
const RENEW_WITHIN_MS = 15 * 60 * 1000;
export const RENEWAL_CHECK_MS = 60 * 1000;

let renewal: Promise<void> | undefined;

/** Renews the stored token when it is about to expire; a failed renewal leaves the current one. */
export function renewTokenIfDue(): Promise<void> {
  const token = currentToken();
  const left = token ? millisecondsLeft(token) : 0;
  if (!token || left === 0 || left > RENEW_WITHIN_MS) return Promise.resolve();
  renewal ??= fetch('/api/admin/account/token', {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, [BACKGROUND_CALL_HEADER]: '1' },
  })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as { data?: { accessToken?: unknown } } | null;
      const accessToken = body?.data?.accessToken;
      // The session may have ended meanwhile (signed out in this tab): nothing to renew then.
      if (response.ok && typeof accessToken === 'string' && currentToken() === token) storeAccessToken(accessToken);
    })
    .catch(() => {
      // Offline: the current token still works until it expires, and the next check tries again.
    })
    .finally(() => {
      renewal = undefined;
    });
  return renewal;
}
