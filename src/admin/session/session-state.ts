import type { Admin } from '../../shared/admins/schema.ts';

/**
 * Spec §4 Session: the user is set by the silent login of a stored token (/login stores it) and on a
 * profile update, and cleared on logout. `restoring` is the start, while a stored token's
 * profile loads; `unavailable` is a profile that could not load for another reason than 401.
 */
export type SessionState =
  { status: 'restoring' } | { status: 'unavailable' } | { status: 'signedOut' } | { status: 'signedIn'; user: Admin };

export type SessionEvent =
  | { type: 'restore' }
  | { type: 'silentLogin'; user: Admin }
  | { type: 'restoreFailed' }
  | { type: 'profileUpdate'; user: Admin }
  | { type: 'logout' };

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'restore':
      return { status: 'restoring' };
    case 'silentLogin':
      return { status: 'signedIn', user: event.user };
    case 'restoreFailed':
      return { status: 'unavailable' };
    case 'profileUpdate':
      return state.status === 'signedIn' ? { status: 'signedIn', user: event.user } : state;
    case 'logout':
      return { status: 'signedOut' };
  }
}
