import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { hasRole } from '../../shared/admins/schema.ts';
import { IdleTimeout } from '../session/IdleTimeout.tsx';
import { useUser } from '../session/SessionProvider.tsx';
import { MailAlert } from './MailAlert.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { SettingsPopover } from './SettingsPopover.tsx';
import { SideMenu } from './SideMenu.tsx';

const MENU_ID = 'menu-lateral';

/** Spec §2 admin layout: top bar, side menu (a toggled panel on narrow screens), the screen. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useUser();

  // Spec §2: every route change starts at the top; on a phone the chosen screen replaces the menu.
  useEffect(() => {
    window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="shell">
      <a className="skip-link" href="#contenido">
        Saltar al contenido principal
      </a>
      <header className="topbar">
        <button
          type="button"
          className="topbar__button topbar__menu"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="topbar__icon">
            ☰
          </span>
          Menú
        </button>
        <Link to="/admin" className="topbar__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>
            Aguas Patagonia <span className="topbar__brand-sub">Administración</span>
          </span>
        </Link>
        <div className="topbar__actions">
          <SettingsPopover />
          <ProfileMenu />
        </div>
      </header>
      <div className="shell__body">
        <SideMenu id={MENU_ID} open={menuOpen} />
        <main id="contenido" className="shell__main" tabIndex={-1}>
          {/* The outbox is the administrators': a compliance-only user would only get a 403 for it. */}
          {hasRole(user, 'administrador') && <MailAlert />}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <IdleTimeout />
    </div>
  );
}
