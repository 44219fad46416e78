import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type * as z from 'zod/mini';
import { AdminCreateSchema, adminMessages, AdminUpdateSchema, hasRole, type Admin } from '../../../shared/admins.ts';
import { notify } from '../../../ui/notifications.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { AvatarInput } from '../../forms/AvatarInput.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { admins } from '../../resources.ts';
import { useSession } from '../../session/SessionProvider.tsx';

/** /admin/administradores/nuevo and /{adminId}/editar. */
export default function AdminEditor() {
  const { adminId } = useParams();
  if (!adminId) return <AdminForm />;
  return <EditAdmin id={adminId} />;
}

function EditAdmin({ id }: { id: string }) {
  const item = admins.useItem(id);
  return <QueryView query={item}>{(admin) => <AdminForm admin={admin} />}</QueryView>;
}

const labels = {
  name: 'Nombre',
  email: 'Correo electrónico',
  avatar: 'Avatar',
  password: 'Contraseña',
  ownPassword: 'Su contraseña actual',
};

// Creating requires the password; editing may reset it (empty keeps it).
type Values = z.input<typeof AdminUpdateSchema>;

function AdminForm({ admin }: { admin?: Admin }) {
  const navigate = useNavigate();
  const save = admins.useSave(admin?.id);
  const { state, updateProfile } = useSession();
  const form = useForm<Values, unknown, z.output<typeof AdminUpdateSchema>>({
    resolver: zodResolver(admin ? AdminUpdateSchema : AdminCreateSchema),
    defaultValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      avatar: admin?.avatar ?? '',
      password: '',
      ownPassword: '',
    },
    shouldFocusError: false,
  });
  const editingSelf = state.status === 'signedIn' && admin?.id === state.user.id;
  // Nobody but its owner sets the password or the e-mail of a compliance account, or an
  // administrator could sign in as it and read denuncias: the server refuses it, and the form
  // does not offer it.
  const ownersOnly = admin !== undefined && !editingSelf && hasRole(admin, 'cumplimiento');
  const passwordLabel = admin ? 'Nueva contraseña' : labels.password;
  const feedback = useSubmitFeedback(form.setError, { ...labels, password: passwordLabel });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      const saved = await save.mutateAsync(values);
      // Editing oneself here changes the name the top bar shows.
      if (editingSelf) updateProfile(saved);
      notify({ kind: 'success', text: admin ? 'Administrador actualizado.' : 'Administrador creado.' });
      navigate('/admin/administradores');
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <PageTitle>{admin ? 'Editar administrador' : 'Nuevo administrador'}</PageTitle>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <FormFeedback feedback={feedback} />
        <TextInput
          label={labels.name}
          required
          autoComplete="off"
          error={errors.name?.message}
          registration={form.register('name')}
        />
        <TextInput
          label={labels.email}
          type="email"
          required
          autoComplete="off"
          readOnly={ownersOnly}
          error={errors.email?.message}
          registration={form.register('email')}
        />
        <AvatarInput
          error={errors.avatar?.message}
          registration={form.register('avatar')}
          onUploaded={(url) => form.setValue('avatar', url, { shouldValidate: true, shouldDirty: true })}
        />
        {editingSelf ? (
          // A reset here would end this very session (docs/admin-api.md); Mi cuenta keeps it.
          <p className="field__hint">
            Su propia contraseña se cambia en <Link to="/admin/account">Mi cuenta</Link>.
          </p>
        ) : ownersOnly ? (
          <p className="field__hint">{adminMessages.complianceCredentials}</p>
        ) : (
          <TextInput
            label={passwordLabel}
            type="password"
            autoComplete="new-password"
            required={!admin}
            hint={
              admin
                ? 'Solo si quiere cambiarla: al menos 10 caracteres. Déjela en blanco para mantener la actual.'
                : 'Al menos 10 caracteres.'
            }
            error={errors.password?.message}
            registration={form.register('password')}
          />
        )}
        {!ownersOnly && (
          <TextInput
            label={labels.ownPassword}
            type="password"
            autoComplete="current-password"
            required={!admin}
            hint={
              admin
                ? 'Solo si cambia el correo o la contraseña: confirme con su propia contraseña.'
                : 'Confirme con su propia contraseña para crear el administrador.'
            }
            error={errors.ownPassword?.message}
            registration={form.register('ownPassword')}
          />
        )}
        <FormActions pending={isSubmitting} listPath="/admin/administradores" />
      </form>
    </>
  );
}
