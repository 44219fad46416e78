import { Link, useNavigate } from 'react-router';
import { notify } from '../../../ui/notifications.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { useAdvisoryChange } from './advisory-api.ts';
import { AdvisoryForm } from './AdvisoryForm.tsx';

/** /admin/avisos/nuevo: a draft, published from its own screen once saved. */
export default function AdvisoryEditor() {
  const navigate = useNavigate();
  const create = useAdvisoryChange(undefined, { method: 'POST', path: '' });
  return (
    <>
      <PageTitle>Nuevo aviso</PageTitle>
      <p className="screen-intro">Se guarda como borrador: el público no lo ve hasta que lo publique.</p>
      <AdvisoryForm
        submitLabel="Guardar borrador"
        onSave={async (input) => {
          const advisory = await create.mutateAsync(input);
          notify({ kind: 'success', text: 'Borrador guardado.', detail: 'Revíselo y publíquelo cuando esté listo.' });
          navigate(`/admin/avisos/${advisory!.id}`);
        }}
      />
      <p>
        <Link to="/admin/avisos">Volver a Avisos</Link>
      </p>
    </>
  );
}
