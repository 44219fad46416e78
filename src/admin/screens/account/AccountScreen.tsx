import { PageTitle } from '../../layout/PageTitle.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** /admin/account (Mi cuenta): the signed-in admin's profile and password. */
export default function AccountScreen() {
  return (
    <>
      <PageTitle>Mi cuenta</PageTitle>
      <div className="account">
        <ProfileForm />
        <PasswordForm />
      </div>
    </>
  );
}
