import type { OutageTown } from '../../shared/outages/schema.ts';
import { townCalendarLinks } from '../../shared/outages/calendars.ts';

/**
 * /cortes' "Agregar a mi calendario": each town's planned outages as a subscription (webcal:) and
 * as the calendar's address, rendered by the server into the page (src/filled-pages/outages.ts),
 * so nobody edits an address by hand.
 */
export function TownCalendars({
  towns,
  siteAddress,
}: {
  towns: Pick<OutageTown, 'slug' | 'name'>[];
  siteAddress: string;
}) {
  return (
    <details className="town-calendars">
      <summary>Agregar a mi calendario los cortes programados de una localidad</summary>
      <p>
        «Suscribirse» abre el calendario de su teléfono o computador, que mostrará los cortes programados y sus cambios.
        En Google Calendar, use «Otros calendarios», «Desde URL» y pegue la dirección del calendario.
      </p>
      <ul>
        {towns.map(({ slug, name }) => {
          const { subscribe, address } = townCalendarLinks(siteAddress, slug);
          return (
            <li key={slug}>
              {name}:{' '}
              <a href={subscribe}>
                Suscribirse<span className="visually-hidden"> al calendario de {name}</span>
              </a>
              {' · '}
              <a href={address}>
                Dirección del calendario<span className="visually-hidden"> de {name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
