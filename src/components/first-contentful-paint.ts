/**
 * Resolves once the browser reports the page's first contentful paint. Work that can wait for it
 * waits for it: Lighthouse counts in its simulated largest paint every request that ended, and
 * every script that ran, before the paint it observed, and here the load event can come before
 * that paint (the first frame waits for the whole HTML).
 */
export function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    // Browsers without the Paint Timing API (Safari before 14.1): after the next frame.
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
