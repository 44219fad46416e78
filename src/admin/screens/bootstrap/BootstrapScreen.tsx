import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import type { AdminRole } from '../../../shared/admins/schema.ts';
import {
  BootstrapAnswerSchema,
  bootstrapMessages,
  BootstrapSchema,
  bootstrapTitles,
  type BootstrapStatus,
} from '../../../shared/bootstrap/schema.ts';
import { ComplianceInvitationForm } from './ComplianceInvitationForm.tsx';
import { apiRequest } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { StandalonePage } from '../../layout/StandalonePage.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { useBootstrapStatus } from './use-bootstrap-status.ts';

const labels = {
  token: 'Clave de arranque',
  name: 'Nombre',
  email: 'Correo electrónico',
  password: 'Contraseña',
  confirmPassword: 'Repita la contraseña',
};

/** Why the form is not offered, for each role. */
const closedMessage = (status: Exclude<BootstrapStatus, 'available'>, role: AdminRole) =>
  status === 'done' && role === 'cumplimiento' ? bootstrapMessages.complianceDone : bootstrapMessages[status];

const introductions: Record<AdminRole, string> = {
  administrador:
    'Este sitio aún no tiene administradores. Ingrese la clave de arranque (el valor de la variable ADMIN_BOOTSTRAP_TOKEN que se definió en Netlify) y los datos de la primera persona que administrará el sitio.',
  cumplimiento:
    'Este sitio aún no tiene un encargado de cumplimiento, la única cuenta que puede leer las denuncias. Ingrese la clave de arranque (el valor de la variable ADMIN_BOOTSTRAP_TOKEN que se definió en Netlify) y el nombre y correo del Encargado de Prevención de Delitos: recibirá un enlace de invitación para entregarle, donde esa persona elegirá su propia contraseña. Después, solo el equipo de cumplimiento podrá dar ese acceso a otras cuentas.',
};

/**
 * /admin/primer-administrador: the first administrator of a new site, created with the one-time
 * ADMIN_BOOTSTRAP_TOKEN (docs/features/admin.md, "The first accounts"), who then signs in at /login
 * and enrols a second factor; /admin/primer-cumplimiento: the invitation of the first compliance
 * user (who chooses their own password), whose link the token's holder hands to that person. Once
 * an account holds the role, the screen only says so.
 */
export default function BootstrapScreen({ creates: role }: { creates: AdminRole }) {
  const status = useBootstrapStatus(role);
  return (
    <StandalonePage heading={<PageTitle>{bootstrapTitles[role]}</PageTitle>}>
      <QueryView query={status}>
        {(current) =>
          current === 'available' ? (
            <>
              <p>{introductions[role]}</p>
              {role === 'cumplimiento' ? <ComplianceInvitationForm /> : <BootstrapForm />}
            </>
          ) : (
            <p className="login__notice">{closedMessage(current, role)}</p>
          )
        }
      </QueryView>
      <p>
        <a href="/login">Volver a Iniciar sesión</a>
      </p>
    </StandalonePage>
  );
}

function BootstrapForm() {
  const { state } = useSession();
  const queryClient = useQueryClient();
  const { field, ...shell } = useAdminForm({
    schema: BootstrapSchema,
    labels,
    defaultValues: { token: '', name: '', email: '', password: '', confirmPassword: '' },
    send: async (input) => {
      try {
        await apiRequest('/api/bootstrap', BootstrapAnswerSchema, { method: 'POST', body: input, session: false });
      } finally {
        // Created, or refused because an administrator exists now: /login no longer offers this screen.
        void queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
      }
      // Signed in at /login, where the new administrator enrols the second factor.
      window.location.assign('/login');
    },
  });

  if (state.status === 'signedIn') return <Navigate to="/admin" replace />;

  return (
    <AdminForm form={shell}>
      <TextInput {...field('token')} type="password" autoComplete="off" required />
      <TextInput {...field('name')} autoComplete="name" required />
      <TextInput {...field('email')} type="email" autoComplete="username" required />
      <TextInput
        {...field('password')}
        type="password"
        autoComplete="new-password"
        required
        hint="Al menos 10 caracteres."
      />
      <TextInput {...field('confirmPassword')} type="password" autoComplete="new-password" required />
      <SubmitButton pending={shell.pending} label="Crear administrador" pendingLabel="Creando…" />
    </AdminForm>
  );
}
