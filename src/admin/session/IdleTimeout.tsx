import { useEffect, useRef, useState } from 'react';
import { useSession } from './SessionProvider.tsx';

/**
 * OWASP ASVS 5.0 §7.3: a session ends after 30 minutes without use, on top of the 12 hours after
 * the password (the server's bound). A minute before, a dialog says so and lets the admin stay.
 * The token is renewed on a timer while the app is open (token-renewal.ts), so without this an
 * unattended tab would stay signed in for the whole 12 hours.
 */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
const WARNING_MS = 60 * 1000;
const CHECK_MS = 5 * 1000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function IdleTimeout() {
  const { signOutIdle } = useSession();
  const lastActivity = useRef(Date.now());
  const [warning, setWarning] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const active = () => {
      lastActivity.current = Date.now();
    };
    for (const event of ACTIVITY) window.addEventListener(event, active, { passive: true, capture: true });
    const timer = setInterval(() => {
      const idle = Date.now() - lastActivity.current;
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
    lastActivity.current = Date.now();
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
