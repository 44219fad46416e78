import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { PasswordChangeSchema } from '../../../shared/admins.ts';
import { notify } from '../../../ui/notifications.ts';
import { apiRequest } from '../../api-client.ts';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { storeAccessToken } from '../../session/stored-session.ts';

const labels = {
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Repita la nueva contraseña',
};

// The change ends every other session and answers a new token for this one (docs/admin-api.md).
const ChangedSchema = z.object({ accessToken: z.optional(z.string().check(z.minLength(1))) });

/** The signed-in admin changes their own password (POST /api/admin/account/password). */
export function PasswordForm() {
  const form = useForm({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      const { accessToken } = await apiRequest('/api/admin/account/password', ChangedSchema, {
        method: 'POST',
        body: values,
      });
      if (accessToken) storeAccessToken(accessToken);
      form.reset();
      notify({ kind: 'success', text: 'Contraseña cambiada.' });
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <form
      className="form"
      noValidate
      aria-labelledby="contrasena"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={isSubmitting}
    >
      <h2 id="contrasena">Cambiar contraseña</h2>
      <FormFeedback feedback={feedback} />
      <TextInput
        label={labels.currentPassword}
        type="password"
        required
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        registration={form.register('currentPassword')}
      />
      <TextInput
        label={labels.newPassword}
        type="password"
        required
        autoComplete="new-password"
        hint="Al menos 10 caracteres."
        error={errors.newPassword?.message}
        registration={form.register('newPassword')}
      />
      <TextInput
        label={labels.confirmPassword}
        type="password"
        required
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={form.register('confirmPassword')}
      />
      <SubmitButton pending={isSubmitting} label="Cambiar contraseña" pendingLabel="Cambiando…" />
    </form>
  );
}
