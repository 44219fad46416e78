import * as z from 'zod/mini';
import { AdminProfileSchema, AdminSchema } from '../../../shared/admins/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { AvatarInput } from '../../forms/AvatarInput.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useSession, useUser } from '../../session/SessionProvider.tsx';

const labels = {
  name: 'Nombre',
  email: 'Correo electrónico',
  avatar: 'Avatar',
  ownPassword: 'Su contraseña actual',
};

/** The signed-in admin's own name, e-mail and avatar (PUT /api/admin/account): spec §4's profile update. */
export function ProfileForm() {
  const user = useUser();
  const { updateProfile } = useSession();
  const { form, field, upload, ...shell } = useAdminForm({
    schema: AdminProfileSchema,
    labels,
    defaultValues: { name: user.name, email: user.email, avatar: user.avatar ?? '', ownPassword: '' },
    send: async (values) => {
      const { admin } = await apiRequest('/api/admin/account', z.object({ admin: AdminSchema }), {
        method: 'PUT',
        body: values,
      });
      updateProfile(admin);
      form.setValue('ownPassword', '');
      return { kind: 'success', text: 'Perfil actualizado.' };
    },
  });

  return (
    <AdminForm form={shell} aria-labelledby="perfil" heading={<h2 id="perfil">Perfil</h2>}>
      <TextInput {...field('name')} required autoComplete="name" />
      <TextInput {...field('email')} type="email" required autoComplete="email" />
      <AvatarInput {...upload('avatar')} />
      <TextInput
        {...field('ownPassword')}
        type="password"
        autoComplete="current-password"
        hint="Solo para cambiar el correo electrónico: confirme que es usted."
      />
      <SubmitButton pending={shell.pending} label="Guardar perfil" />
    </AdminForm>
  );
}
