import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { useSession } from './SessionProvider.tsx';

/** Spec §2, §6: without a signed-in user every admin route goes to /login, which comes back here after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state, restore } = useSession();
  const location = useLocation();
  if (state.status === 'signedOut')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (state.status === 'signedIn') return children;
  return (
    <main className="standalone" id="contenido">
      {state.status === 'restoring' ? (
        <Loading label="Cargando su sesión…" />
      ) : (
        <div role="alert">
          <p>No se pudo cargar su perfil. Revise su conexión.</p>
          <button type="button" className="button" onClick={restore}>
            Reintentar
          </button>
        </div>
      )}
    </main>
  );
}
