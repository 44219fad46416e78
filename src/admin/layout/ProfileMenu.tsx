import { Link } from 'react-router';
import { useSession, useUser } from '../session/SessionProvider.tsx';
import { Avatar } from './Avatar.tsx';
import { useDisclosure } from './use-disclosure.ts';

/** Spec §2: the profile menu (name, e-mail, avatar, Mi cuenta) and Cerrar Sesión. */
export function ProfileMenu() {
  const user = useUser();
  const { signOut } = useSession();
  const disclosure = useDisclosure();
  return (
    <div className="popover" {...disclosure.containerProps}>
      <button className="topbar__button" {...disclosure.buttonProps}>
        <Avatar user={user} />
        <span className="topbar__label">
          <span className="visually-hidden">Perfil de </span>
          {user.name}
        </span>
      </button>
      <div className="popover__panel popover__panel--end" {...disclosure.panelProps}>
        <p className="profile__name">{user.name}</p>
        <p className="profile__email">{user.email}</p>
        <ul className="profile__actions">
          <li>
            <Link to="/admin/account" onClick={disclosure.close}>
              Mi cuenta
            </Link>
          </li>
          <li>
            <button type="button" className="button button--secondary" onClick={() => void signOut()}>
              Cerrar Sesión
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
