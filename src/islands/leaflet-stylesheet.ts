import href from 'leaflet/dist/leaflet.css?url';

/**
 * Leaflet's stylesheet, for the maps of /cortes (once the list shows outages), /oficinas and
 * /puntodedescarga. Imported as CSS, Astro put it in the page: on /cortes a second render-blocking
 * request (a rural LCP of 2.8 s), and written into /oficinas' own stylesheet, 5.5 KB of brotli
 * that took the page past the 14.6 KB a new connection sends in its first round trip. Linked here
 * when the map loads; the map waits for it (an unstyled map spills out of its room). A failed
 * stylesheet resolves too: the map's own failure shows the fallback.
 */
export function leafletStylesheet(): Promise<void> {
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
}
