import { useEffect } from 'react';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import MapTiles from './MapTiles.tsx';
import { mapPin } from './map-pin.ts';
import type { Place } from '../shared/places/schema.ts';

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
  return (
    <MapContainer
      center={selected.coordinates}
      zoom={zoom}
      scrollWheelZoom={false}
      className="map"
      aria-label={`Mapa: ${selected.name}`}
    >
      <MapTiles tiles={tiles} onTilesFailed={onTilesFailed} />
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
