import { atom } from 'nanostores';

/** A notice shown to the visitor; spec §9: at most one at a time, so a new one replaces the last. */
export interface Notification {
  kind: 'success' | 'error';
  text: string;
  detail?: string;
  /** What the visitor can do next (a form's confirmation: follow the case on /seguimiento). */
  link?: { href: string; text: string };
}

export const $notification = atom<Notification | null>(null);

export const notify = (notification: Notification): void => $notification.set(notification);
export const dismissNotification = (): void => $notification.set(null);
