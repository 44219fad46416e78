import { lazy, Suspense, useEffect, useState } from 'react';
import type { Place } from '../shared/places/schema.ts';
import { leafletStylesheet } from './leaflet-stylesheet.ts';

interface PlacesMapProps {
  places: Place[];
  /** Spec §9: 18 for offices, 12 for dumping points. */
  zoom: number;
  tiles: { url: string; attribution: string };
  /** Accessible name of the list, e.g. "Oficinas". */
  label: string;
}

// Leaflet touches `window` when imported: loaded only in the browser, after the list renders, with
// its stylesheet (leaflet-stylesheet.ts), which would otherwise be in the page's own.
const MapView = lazy(() => Promise.all([import('./MapView.tsx'), leafletStylesheet()]).then(([module]) => module));

/**
 * A list of places (readable without JavaScript) beside a Leaflet map; choosing a place moves
 * the map to it. The first place is selected by default (spec §2: Coyhaique). When the tiles
 * cannot load the map is removed and the list stays.
 */
export default function PlacesMap({ places, zoom, tiles, label }: PlacesMapProps) {
  const [selectedId, setSelectedId] = useState(places[0]!.id);
  const [mounted, setMounted] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => setMounted(true), []);
  const selected = places.find((place) => place.id === selectedId) ?? places[0]!;

  return (
    <div className="places">
      <ul className="places__list" aria-label={label}>
        {places.map((place) => (
          <li key={place.id}>
            <button
              type="button"
              className="place"
              aria-pressed={place.id === selected.id}
              onClick={() => setSelectedId(place.id)}
            >
              <span className="place__name">{place.name}</span>
              <span className="place__address">{place.address}</span>
              {place.hours?.map((line) => (
                <span key={line} className="place__hours">
                  {line}
                </span>
              ))}
            </button>
          </li>
        ))}
      </ul>
      <div className="places__map">
        {tilesFailed ? (
          <p className="places__fallback" role="status">
            El mapa no está disponible en este momento. Las direcciones están en la lista.
          </p>
        ) : (
          mounted && (
            <Suspense fallback={<p className="places__fallback">Cargando mapa…</p>}>
              <MapView
                places={places}
                selected={selected}
                zoom={zoom}
                tiles={tiles}
                onTilesFailed={() => setTilesFailed(true)}
              />
            </Suspense>
          )
        )}
      </div>
    </div>
  );
}
