/**
 * /login is a page of its own, painted from static HTML before any script, not a screen of the
 * admin app: the app leaves for it with a full page load. What the sign-in page must know across
 * that load (the admin page to come back to, a notice such as "your session expired") waits in
 * sessionStorage, read once.
 */

const HANDOFF_KEY = 'signInHandoff';
// /admin opens the first screen of the admin's role (routes.tsx): Pagos Webpay, or Denuncias.
const ADMIN_HOME = '/admin';

interface SignInHandoff {
  /** The admin page first asked for, to come back to after signing in. */
  from?: string;
  /** Why the session ended, shown as an error notice on /login. */
  notice?: string;
}

let leaving = false;

/**
 * Goes to /login. The first call wins: when a 401 ends the session, the session guard sees
 * the signed-out state in the same moment and must not replace the notice.
 */
export function leaveForSignIn(handoff: SignInHandoff = {}): void {
  if (leaving) return;
  leaving = true;
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(handoff));
  } catch {
    // Storage disabled: /login opens without a notice and signs in to the admin's first screen.
  }
  window.location.replace('/login');
}

/** What the admin app left for /login, removed as it is read so a reload starts afresh. */
export function takeSignInHandoff(): { destination: string; notice?: string } {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(HANDOFF_KEY);
    sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    // Storage disabled: nothing was left.
  }
  let stored: Record<string, unknown> = {};
  try {
    stored = (JSON.parse(raw ?? '{}') as Record<string, unknown> | null) ?? {};
  } catch {
    // Unreadable: as if nothing was left.
  }
  const { from, notice } = stored;
  // Only an admin path: a crafted value must not send the visitor off the site.
  const destination = typeof from === 'string' && /^\/admin(\/|$)/.test(from) ? from : ADMIN_HOME;
  return typeof notice === 'string' ? { destination, notice } : { destination };
}
