/**
 * When this tab last sent a call the server counts as use (src/server/auth/sessions.ts): the
 * server's idle timeout runs from its arrival, so IdleTimeout's runs from its sending. The calls the
 * app makes by itself (the mail alert, the token's renewal) are sent as background ones and do
 * not count.
 */
let lastUse = Date.now();

export const noteUse = (): void => {
  lastUse = Date.now();
};

export const sinceLastUse = (): number => Date.now() - lastUse;
