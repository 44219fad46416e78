import { DeleteButton } from '../../components/DeleteButton.tsx';
import { EditLink, ListScreen, RowActions } from '../../components/ListScreen.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { admins } from '../../resources.ts';
import { useUser } from '../../session/SessionProvider.tsx';
// Roles are shown, not changed: only compliance grants them, in the desk's Equipo.
import { RoleBadges } from '../denuncias/RoleBadges.tsx';

export default function AdminList() {
  const list = admins.useList();
  const remove = admins.useRemove();
  const user = useUser();
  return (
    <ListScreen title="Administradores" newLabel="Nuevo administrador">
      <QueryView query={list}>
        {(rows) => (
          <TableFrame caption="Personas que administran el sitio">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Correo electrónico</th>
                <th scope="col">Roles</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((admin) => (
                <tr key={admin.id}>
                  <th scope="row">{admin.name}</th>
                  <td>{admin.email}</td>
                  <td>
                    <RoleBadges roles={admin.roles} />
                  </td>
                  <RowActions>
                    <EditLink id={admin.id} name={admin.name} />
                    {/* The server refuses it too (409): one cannot delete oneself. */}
                    {admin.id !== user.id && (
                      <DeleteButton
                        what="al administrador"
                        name={admin.name}
                        onDelete={() => remove.mutateAsync(admin.id)}
                        doneMessage="Administrador eliminado."
                      />
                    )}
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </QueryView>
    </ListScreen>
  );
}
