import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { AdminSchema, adminMessages, type Admin } from '../../shared/admins/schema.ts';
import { authMessages } from '../../shared/auth/schema.ts';
import { notify } from '../../ui/notifications.ts';
import { ApiError, apiRequest, onUnauthorized } from '../api-client.ts';
import { sessionReducer, type SessionState } from './session-state.ts';
import { leaveForSignIn } from './sign-in-handoff.ts';
import { clearSession, isUnexpired, readSession } from './stored-session.ts';
import { RENEWAL_CHECK_MS, renewTokenIfDue } from './token-renewal.ts';

const AdminAnswerSchema = z.object({ admin: AdminSchema });

interface Session {
  state: SessionState;
  signOut: () => Promise<void>;
  /** Ends a session left unused (IdleTimeout): the server's too when it can be reached. */
  signOutIdle: () => Promise<void>;
  updateProfile: (user: Admin) => void;
  restore: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in admin; only for screens behind RequireSession. */
export function useUser(): Admin {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useUser without a signed-in admin');
  return state.user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, { status: 'restoring' });
  const queryClient = useQueryClient();

  const end = useCallback(() => {
    clearSession();
    queryClient.clear();
    dispatch({ type: 'logout' });
  }, [queryClient]);

  // Spec §4: any 401 clears the session and logs out, back to /login and then to this page.
  useEffect(
    () =>
      onUnauthorized(() => {
        leaveForSignIn({
          from: `${location.pathname}${location.search}`,
          ...(readSession() ? { notice: authMessages.unauthorized } : {}),
        });
        end();
      }),
    [end],
  );

  // Spec §4: a stored, unexpired token becomes the bearer and the profile loads by the stored id.
  const restore = useCallback(() => {
    const stored = readSession();
    if (!stored || !isUnexpired(stored.accessToken)) {
      clearSession();
      dispatch({ type: 'logout' });
      return;
    }
    dispatch({ type: 'restore' });
    apiRequest(`/api/admins/${encodeURIComponent(stored.userId)}`, AdminAnswerSchema)
      .then(({ admin }) => dispatch({ type: 'silentLogin', user: admin }))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) dispatch({ type: 'restoreFailed' });
      });
  }, []);

  useEffect(restore, [restore]);

  // An admin reading or typing makes no calls: the token is renewed on a timer too.
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => void renewTokenIfDue(), RENEWAL_CHECK_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const session = useMemo<Session>(
    () => ({
      state,
      restore,
      async signOut() {
        try {
          await apiRequest('/api/logout', z.unknown(), { method: 'POST' });
        } catch (error) {
          // A 401 already ended the session; any other failure leaves it, and the token, alive.
          if (!(error instanceof ApiError && error.status === 401))
            notify({ kind: 'error', text: adminMessages.logoutFailed });
          return;
        }
        leaveForSignIn();
        end();
      },
      async signOutIdle() {
        await apiRequest('/api/logout', z.unknown(), { method: 'POST' }).catch(() => undefined);
        leaveForSignIn({ notice: authMessages.idle });
        end();
      },
      updateProfile: (user) => dispatch({ type: 'profileUpdate', user }),
    }),
    [state, restore, end],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}
