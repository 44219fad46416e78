import { Link, useNavigate, useParams } from 'react-router';
import {
  AdminCreateSchema,
  adminMessages,
  AdminUpdateSchema,
  hasRole,
  type Admin,
} from '../../../shared/admins/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { AvatarInput } from '../../forms/AvatarInput.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { admins } from '../../resources.ts';
import { useSession } from '../../session/SessionProvider.tsx';

/** /admin/administradores/nuevo and /{adminId}/editar. */
export default function AdminEditor() {
  const { adminId } = useParams();
  if (!adminId) return <AccountForm />;
  return <EditAdmin id={adminId} />;
}

function EditAdmin({ id }: { id: string }) {
  const item = admins.useItem(id);
  return <QueryView query={item}>{(admin) => <AccountForm admin={admin} />}</QueryView>;
}

const labels = {
  name: 'Nombre',
  email: 'Correo electrónico',
  avatar: 'Avatar',
  password: 'Contraseña',
  ownPassword: 'Su contraseña actual',
};

function AccountForm({ admin }: { admin?: Admin }) {
  const navigate = useNavigate();
  const save = admins.useSave(admin?.id);
  const { state, updateProfile } = useSession();
  const editingSelf = state.status === 'signedIn' && admin?.id === state.user.id;
  // Nobody but its owner sets the password or the e-mail of a compliance account, or an
  // administrator could sign in as it and read denuncias: the server refuses it, and the form
  // does not offer it.
  const ownersOnly = admin !== undefined && !editingSelf && hasRole(admin, 'cumplimiento');
  const { field, upload, ...shell } = useAdminForm({
    // Creating requires the password; editing may reset it (empty keeps it).
    schema: admin ? AdminUpdateSchema : AdminCreateSchema,
    labels: { ...labels, password: admin ? 'Nueva contraseña' : labels.password },
    defaultValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      avatar: admin?.avatar ?? '',
      password: '',
      ownPassword: '',
    },
    send: async (values) => {
      const saved = await save.mutateAsync(values);
      // Editing oneself here changes the name the top bar shows.
      if (editingSelf) updateProfile(saved);
      return { kind: 'success', text: admin ? 'Administrador actualizado.' : 'Administrador creado.' };
    },
    onDone: () => navigate('/admin/administradores'),
  });

  return (
    <>
      <PageTitle>{admin ? 'Editar administrador' : 'Nuevo administrador'}</PageTitle>
      <AdminForm form={shell}>
        <TextInput {...field('name')} required autoComplete="off" />
        <TextInput {...field('email')} type="email" required autoComplete="off" readOnly={ownersOnly} />
        <AvatarInput {...upload('avatar')} />
        {editingSelf ? (
          // A reset here would end this very session (docs/reference/admin-api.md); Mi cuenta keeps it.
          <p className="field__hint">
            Su propia contraseña se cambia en <Link to="/admin/account">Mi cuenta</Link>.
          </p>
        ) : ownersOnly ? (
          <p className="field__hint">{adminMessages.complianceCredentials}</p>
        ) : (
          <TextInput
            {...field('password')}
            type="password"
            autoComplete="new-password"
            required={!admin}
            hint={
              admin
                ? 'Solo si quiere cambiarla: al menos 10 caracteres. Déjela en blanco para mantener la actual.'
                : 'Al menos 10 caracteres.'
            }
          />
        )}
        {!ownersOnly && (
          <TextInput
            {...field('ownPassword')}
            type="password"
            autoComplete="current-password"
            required={!admin}
            hint={
              admin
                ? 'Solo si cambia el correo o la contraseña: confirme con su propia contraseña.'
                : 'Confirme con su propia contraseña para crear el administrador.'
            }
          />
        )}
        <FormActions pending={shell.pending} listPath="/admin/administradores" />
      </AdminForm>
    </>
  );
}
