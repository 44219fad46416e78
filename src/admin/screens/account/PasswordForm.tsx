import * as z from 'zod/mini';
import { PasswordChangeSchema } from '../../../shared/admins/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { storeAccessToken } from '../../session/stored-session.ts';

const labels = {
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Repita la nueva contraseña',
};

// The change ends every other session and answers a new token for this one (docs/reference/admin-api.md).
const ChangedSchema = z.object({ accessToken: z.optional(z.string().check(z.minLength(1))) });

/** The signed-in admin changes their own password (POST /api/admin/account/password). */
export function PasswordForm() {
  const { form, field, ...shell } = useAdminForm({
    schema: PasswordChangeSchema,
    labels,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    send: async (values) => {
      const { accessToken } = await apiRequest('/api/admin/account/password', ChangedSchema, {
        method: 'POST',
        body: values,
      });
      if (accessToken) storeAccessToken(accessToken);
      form.reset();
      return { kind: 'success', text: 'Contraseña cambiada.' };
    },
  });

  return (
    <AdminForm form={shell} aria-labelledby="contrasena" heading={<h2 id="contrasena">Cambiar contraseña</h2>}>
      <TextInput {...field('currentPassword')} type="password" required autoComplete="current-password" />
      <TextInput
        {...field('newPassword')}
        type="password"
        required
        autoComplete="new-password"
        hint="Al menos 10 caracteres."
      />
      <TextInput {...field('confirmPassword')} type="password" required autoComplete="new-password" />
      <SubmitButton pending={shell.pending} label="Cambiar contraseña" pendingLabel="Cambiando…" />
    </AdminForm>
  );
}
