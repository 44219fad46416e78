import { Outlet } from 'react-router';
import { authMessages } from '../../shared/auth/schema.ts';
import { hasRole, type AdminRole } from '../../shared/admins/schema.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import { useUser } from './SessionProvider.tsx';

/**
 * The screens of one role: an administrator's screens to a compliance-only user, or
 * the denuncias desk to an administrator without the role, say so in the server's words instead
 * of showing a screen whose every call would answer 403.
 */
export function RequireRole({ needs }: { needs: AdminRole }) {
  const user = useUser();
  if (hasRole(user, needs)) return <Outlet />;
  return (
    <>
      <PageTitle>Sin acceso</PageTitle>
      <p role="alert">{authMessages.forbidden}</p>
    </>
  );
}

/** Where /admin opens: Pagos Webpay for an administrator, the denuncias desk for compliance only. */
export const homePath = (user: { roles: readonly string[] }): string =>
  hasRole(user, 'administrador') ? '/admin/pagos' : '/admin/denuncias';
