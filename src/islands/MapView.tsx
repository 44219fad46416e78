import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { mapPin } from './map-pin.ts';
import type { Place } from '../shared/places.ts';

interface MapViewProps {
  places: Place[];
  selected: Place;
  zoom: number;
  tiles: { url: string; attribution: string };
  onTilesFailed: () => void;
}

/** Keeps the map on the selected place, and exposes its centre and zoom for tests. */
function FollowSelection({ selected, zoom }: { selected: Place; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView(selected.coordinates, zoom);
    map.getContainer().dataset.center = selected.id;
    map.getContainer().dataset.zoom = String(map.getZoom());
  }, [map, selected, zoom]);
  return null;
}

export default function MapView({ places, selected, zoom, tiles, onTilesFailed }: MapViewProps) {
  // A few failed tiles are normal at the edge of coverage; several mean no map at all.
  let failures = 0;
  return (
    <MapContainer
      center={selected.coordinates}
      zoom={zoom}
      scrollWheelZoom={false}
      className="map"
      aria-label={`Mapa: ${selected.name}`}
    >
      <TileLayer
        url={tiles.url}
        attribution={tiles.attribution}
        eventHandlers={{
          tileerror: () => {
            if (++failures >= 4) onTilesFailed();
          },
        }}
      />
      {places.map((place) => (
        <Marker key={place.id} position={place.coordinates} icon={mapPin} title={place.name} alt={place.name}>
          <Popup>
            <strong>{place.name}</strong>
            <br />
            {place.address}
          </Popup>
        </Marker>
      ))}
      <FollowSelection selected={selected} zoom={zoom} />
    </MapContainer>
  );
}
