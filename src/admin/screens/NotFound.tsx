import { Link } from 'react-router';
import { PageTitle } from '../layout/PageTitle.tsx';

/** An /admin path no screen answers: said within the layout, the menu still at hand. */
export default function NotFound() {
  return (
    <>
      <PageTitle>Página no encontrada</PageTitle>
      <p>La dirección no corresponde a ninguna sección de la administración.</p>
      <p>
        <Link to="/admin/pagos">Ir a Pagos Webpay</Link>
      </p>
    </>
  );
}
