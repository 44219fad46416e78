import { Link, useNavigate } from 'react-router';
import { notify } from '../../../ui/notifications.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { useOutageChange } from './outage-api.ts';
import { OutageForm } from './OutageForm.tsx';

/** /admin/cortes/nuevo: a draft, published from its own screen once saved. */
export default function OutageEditor() {
  const navigate = useNavigate();
  const create = useOutageChange(undefined, { method: 'POST', path: '' });
  return (
    <>
      <PageTitle>Nuevo corte</PageTitle>
      <p className="screen-intro">Se guarda como borrador: el público no lo ve hasta que lo publique.</p>
      <OutageForm
        submitLabel="Guardar borrador"
        onSave={async (input) => {
          const outage = await create.mutateAsync(input);
          notify({ kind: 'success', text: 'Borrador guardado.', detail: 'Revíselo y publíquelo cuando esté listo.' });
          navigate(`/admin/cortes/${outage!.id}`);
        }}
      />
      <p>
        <Link to="/admin/cortes">Volver a Cortes de agua</Link>
      </p>
    </>
  );
}
