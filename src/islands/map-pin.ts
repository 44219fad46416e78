import L from 'leaflet';

/** The pin of every map's marker: an SVG instead of Leaflet's PNG icons, which bundlers do not resolve. */
export const mapPin = L.divIcon({
  className: 'map-pin',
  html: '<svg viewBox="0 0 24 36" width="28" height="42" aria-hidden="true"><path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#0b4f7c"/><circle cx="12" cy="12" r="5" fill="#fff"/></svg>',
  iconSize: [28, 42],
  iconAnchor: [14, 42],
  popupAnchor: [0, -38],
});
