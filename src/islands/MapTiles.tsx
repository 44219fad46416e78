import { TileLayer } from 'react-leaflet';

interface MapTilesProps {
  tiles: { url: string; attribution: string };
  /** Called once tiles keep failing: the island then shows its list without the map. */
  onTilesFailed: () => void;
}

/** The tile layer of every map, which gives up on a provider that does not answer. */
export default function MapTiles({ tiles, onTilesFailed }: MapTilesProps) {
  // A few failed tiles are normal at the edge of coverage; several mean no map at all.
  let failures = 0;
  return (
    <TileLayer
      url={tiles.url}
      attribution={tiles.attribution}
      eventHandlers={{
        tileerror: () => {
          if (++failures >= 4) onTilesFailed();
        },
      }}
    />
  );
}
