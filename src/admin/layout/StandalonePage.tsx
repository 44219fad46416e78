import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';

/** A screen outside the admin layout (/login, the first administrator): the brand, a title, a card. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="contenido" className="standalone">
      <div className="login">
        <p className="login__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          Aguas Patagonia de Aysén
        </p>
        <PageTitle>{title}</PageTitle>
        {children}
      </div>
    </main>
  );
}
