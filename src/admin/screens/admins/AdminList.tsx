import { ResourceList } from '../../components/ResourceList.tsx';
import { admins } from '../../resources.ts';
import { useUser } from '../../session/SessionProvider.tsx';
// Roles are shown, not changed: only compliance grants them, in the desk's Equipo.
import { RoleBadges } from '../denuncias/RoleBadges.tsx';

export default function AdminList() {
  const remove = admins.useRemove();
  const user = useUser();
  return (
    <ResourceList
      title="Administradores"
      newLabel="Nuevo administrador"
      query={admins.useList()}
      caption="Personas que administran el sitio"
      name={(admin) => admin.name}
      columns={[
        { header: 'Nombre', rowHeader: true, cell: (admin) => admin.name },
        { header: 'Correo electrónico', cell: (admin) => admin.email },
        { header: 'Roles', cell: (admin) => <RoleBadges roles={admin.roles} /> },
      ]}
      remove={{
        what: 'al administrador',
        send: remove.mutateAsync,
        doneMessage: 'Administrador eliminado.',
        // The server refuses it too (409): one cannot delete oneself.
        allowed: (admin) => admin.id !== user.id,
      }}
    />
  );
}
