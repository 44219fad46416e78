import type { Ref } from 'react';
import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';
import { outageKindLabels, outageStatusLabels } from '../../shared/outages/schema.ts';
import { aysenInstantMinute } from '../../shared/time/aysen-instant.ts';

interface OutageListProps {
  outages: PublicOutage[];
  towns: OutageTown[];
  emptyText?: string;
}

/**
 * The current and upcoming outages grouped by town, in the towns' order. One component for both
 * renderings: the server's (the page without JavaScript, src/filled-pages/outages.ts) and the
 * island's refreshed list, so both read the same.
 */
export default function OutageList({
  outages,
  towns,
  emptyText = 'No hay cortes vigentes ni programados.',
}: OutageListProps) {
  const affected = towns.filter((town) => outages.some((outage) => outage.town === town.slug));
  if (affected.length === 0) return <p className="outages__empty">{emptyText}</p>;
  return (
    <div className="outages__list">
      {affected.map((town) => (
        <section key={town.slug} className="outages__town" aria-labelledby={`localidad-${town.slug}`}>
          <h3 id={`localidad-${town.slug}`}>{town.name}</h3>
          {outages
            .filter((outage) => outage.town === town.slug)
            .map((outage) => (
              <OutageCard key={outage.id} outage={outage} />
            ))}
        </section>
      ))}
    </div>
  );
}

/**
 * The map's room while it loads, the same size as the map: the server's page holds it below its
 * list when there are outages, the island until the room nears the window and while Leaflet then
 * loads, so the map moves nothing when it comes (without it the page moved by 0.49). Without
 * JavaScript there is no map, and no room.
 */
export function MapSpace({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="map map--space">
      <p>Cargando mapa…</p>
    </div>
  );
}

function OutageCard({ outage }: { outage: PublicOutage }) {
  const [lastUpdate] = outage.updates;
  return (
    <article id={`corte-${outage.id}`} className={`outage outage--${outage.kind}`}>
      <h4 className="outage__title">
        <span className="outage__kind">{outageKindLabels[outage.kind]}</span> {outage.sectors}
      </h4>
      <dl className="outage__facts">
        <dt>Estado</dt>
        <dd>{outageStatusLabels[outage.status]}</dd>
        <dt>Inicio</dt>
        <dd>{aysenInstantMinute(outage.startsAt)}</dd>
        <dt>Reposición estimada</dt>
        <dd>{aysenInstantMinute(outage.endsAt)}</dd>
        {outage.streets && (
          <>
            <dt>Calles</dt>
            <dd>{outage.streets}</dd>
          </>
        )}
        {outage.cause && (
          <>
            <dt>Causa</dt>
            <dd>{outage.cause}</dd>
          </>
        )}
        <dt>Última actualización</dt>
        <dd>
          {aysenInstantMinute(lastUpdate?.createdAt ?? outage.updatedAt)}
          {lastUpdate && `: ${lastUpdate.body}`}
        </dd>
      </dl>
      {outage.supplyPoints.length > 0 && (
        <>
          <h5 className="outage__points-title">Puntos de abastecimiento de agua</h5>
          <ul className="outage__points">
            {outage.supplyPoints.map((point) => (
              <li key={`${point.name}-${point.address}`}>
                <strong>{point.name}</strong>, {point.address}
                {point.hours && <span className="outage__hours"> ({point.hours})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
