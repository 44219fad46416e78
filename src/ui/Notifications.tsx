import { useSyncExternalStore } from 'react';
import { $notification, dismissNotification, type Notification } from './notifications.ts';

const noNotification = () => null;

/**
 * The one notification area the islands and the admin write to through the `notify` store, read
 * with React's own store hook: @nanostores/react's useStore is this hook and its options, which
 * would weigh on every form page's JavaScript budget.
 */
export default function Notifications() {
  const notification = useSyncExternalStore($notification.listen, $notification.get, noNotification);
  // The live regions stay mounted so screen readers announce what is written into them.
  return (
    <div className="notifications">
      <div role="status" aria-live="polite">
        {notification?.kind === 'success' && <Toast {...notification} />}
      </div>
      <div role="alert" aria-live="assertive">
        {notification?.kind === 'error' && <Toast {...notification} />}
      </div>
    </div>
  );
}

function Toast({ kind, text, detail, link }: Notification) {
  return (
    <div className={`toast toast--${kind}`}>
      <p className="toast__text">{text}</p>
      {detail && <p className="toast__detail">{detail}</p>}
      {link && (
        <p className="toast__detail">
          <a href={link.href}>{link.text}</a>
        </p>
      )}
      <button type="button" className="toast__close" onClick={dismissNotification}>
        Cerrar<span className="visually-hidden"> aviso</span>
      </button>
    </div>
  );
}
