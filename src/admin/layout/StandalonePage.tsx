import type { ReactNode } from 'react';

/**
 * A screen outside the admin layout (/login, the first administrator): the brand, the screen's
 * h1 (`heading`: a PageTitle inside the app's router, a plain h1 on the /login page) and a card.
 */
export function StandalonePage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <main id="contenido" className="standalone">
      <div className="login">
        <p className="login__brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          Aguas Patagonia de Aysén
        </p>
        {heading}
        {children}
      </div>
    </main>
  );
}
