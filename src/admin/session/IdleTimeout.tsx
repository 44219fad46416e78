import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { apiRequest } from '../api-client.ts';
import { sinceLastUse } from './last-use.ts';
import { useSession } from './SessionProvider.tsx';

/**
 * OWASP ASVS 5.0 §7.3: a session ends after 30 minutes without use, on top of the 12 hours after
 * the password (the server's bound). A minute before, a dialog says so and lets the admin stay.
 * The token is renewed on a timer while the app is open (token-renewal.ts), so without this an
 * unattended tab would stay signed in for the whole 12 hours.
 *
 * The time runs from the last call the server counted as use (last-use.ts), as the server's own
 * idle timeout does: its polls and renewals are background calls. Staff typing or reading
 * without a call are using it all the same: their activity is told to the server, at most once a
 * minute, by a call that counts (their own profile).
 */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
const WARNING_MS = 60 * 1000;
const CHECK_MS = 5 * 1000;
const TELL_EVERY_MS = 60 * 1000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Tells the server staff are here: a call that counts as use. Sending it restarts the time
 * (api-client.ts), so activity sends at most one a minute, whether or not the last has answered.
 * A 401 ends the session as any does.
 */
function tellUse(): void {
  apiRequest('/api/admin/account', z.unknown()).catch(() => undefined);
}

export function IdleTimeout() {
  const { signOutIdle } = useSession();
  const [warning, setWarning] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const active = () => {
      if (sinceLastUse() >= TELL_EVERY_MS) tellUse();
    };
    for (const event of ACTIVITY) window.addEventListener(event, active, { passive: true, capture: true });
    const timer = setInterval(() => {
      const idle = sinceLastUse();
      if (idle >= IDLE_TIMEOUT_MS) void signOutIdle();
      else setWarning(idle >= IDLE_TIMEOUT_MS - WARNING_MS);
    }, CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, active, { capture: true });
    };
  }, [signOutIdle]);

  useEffect(() => {
    if (warning && !dialog.current?.open) dialog.current?.showModal();
    if (!warning && dialog.current?.open) dialog.current.close();
  }, [warning]);

  const stay = () => {
    tellUse();
    setWarning(false);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      role="alertdialog"
      aria-labelledby="inactividad-titulo"
      aria-describedby="inactividad-texto"
      onCancel={stay}
    >
      <h2 id="inactividad-titulo">¿Sigue ahí?</h2>
      <p id="inactividad-texto">
        Su sesión se cerrará en un minuto por inactividad. Lo que no haya guardado se perderá.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={stay}>
          Seguir conectado
        </button>
      </div>
    </dialog>
  );
}
