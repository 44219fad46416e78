import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { AdminProfileSchema, AdminSchema } from '../../../shared/admins.ts';
import { notify } from '../../../ui/notifications.ts';
import { apiRequest } from '../../api-client.ts';
import { AvatarInput } from '../../forms/AvatarInput.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm({
    resolver: zodResolver(AdminProfileSchema),
    defaultValues: { name: user.name, email: user.email, avatar: user.avatar ?? '', ownPassword: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      const { admin } = await apiRequest('/api/admin/account', z.object({ admin: AdminSchema }), {
        method: 'PUT',
        body: values,
      });
      updateProfile(admin);
      form.setValue('ownPassword', '');
      notify({ kind: 'success', text: 'Perfil actualizado.' });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form"
      noValidate
      aria-labelledby="perfil"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <h2 id="perfil">Perfil</h2>
      <FormFeedback feedback={feedback} />
      <TextInput
        label={labels.name}
        required
        autoComplete="name"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <TextInput
        label={labels.email}
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <AvatarInput
        error={errors.avatar?.message}
        registration={form.register('avatar')}
        onUploaded={(url) => form.setValue('avatar', url, { shouldValidate: true, shouldDirty: true })}
      />
      <TextInput
        label={labels.ownPassword}
        type="password"
        autoComplete="current-password"
        hint="Solo para cambiar el correo electrónico: confirme que es usted."
        error={errors.ownPassword?.message}
        registration={form.register('ownPassword')}
      />
      <SubmitButton pending={isSubmitting} label="Guardar perfil" />
    </form>
  );
}
