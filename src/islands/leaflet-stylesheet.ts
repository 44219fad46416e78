import href from 'leaflet/dist/leaflet.css?url';

/**
 * Leaflet's stylesheet for /cortes' map, which loads only once the list shows outages. Imported
 * as CSS, Astro linked it in the page's head, where it held the first paint of every visit: on a
 * rural line its 7 KB were a second render-blocking request, and LCP 2.8 s. Linked here
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
