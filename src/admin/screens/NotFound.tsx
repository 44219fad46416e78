import { Link } from 'react-router';
import { hasRole } from '../../shared/admins/schema.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import { useUser } from '../session/SessionProvider.tsx';

/** An /admin path no screen answers: said within the layout, the menu still at hand. */
export default function NotFound() {
  const user = useUser();
  return (
    <>
      <PageTitle>Página no encontrada</PageTitle>
      <p>La dirección no corresponde a ninguna sección de la administración.</p>
      <p>
        {hasRole(user, 'administrador') ? (
          <Link to="/admin/pagos">Ir a Pagos Webpay</Link>
        ) : (
          <Link to="/admin/denuncias">Ir a Denuncias</Link>
        )}
      </p>
    </>
  );
}
