import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { useSession } from './SessionProvider.tsx';
import { leaveForSignIn } from './sign-in-handoff.ts';

/** Spec §2, §6: without a signed-in user every admin route goes to /login, which comes back here after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state, restore } = useSession();
  const { pathname, search } = useLocation();
  const signedOut = state.status === 'signedOut';
  useEffect(() => {
    if (signedOut) leaveForSignIn({ from: `${pathname}${search}` });
  }, [signedOut]);
  if (state.status === 'signedIn') return children;
  return (
    <main className="standalone" id="contenido">
      {state.status === 'unavailable' ? (
        <div role="alert">
          <p>No se pudo cargar su perfil. Revise su conexión.</p>
          <button type="button" className="button" onClick={restore}>
            Reintentar
          </button>
        </div>
      ) : (
        <Loading label="Cargando su sesión…" />
      )}
    </main>
  );
}
