/**
 * When the server last counted a call of this tab as use (src/server/auth/sessions.ts): its idle
 * timeout runs from there, so IdleTimeout's does too. The calls the app makes by itself (the mail
 * alert, the token's renewal) are sent as background ones and do not count.
 */
let lastUse = Date.now();

export const noteUse = (): void => {
  lastUse = Date.now();
};

export const sinceLastUse = (): number => Date.now() - lastUse;
