import type { ClientDirective } from 'astro';

/** Resolves once the browser reports the page's first contentful paint (hydrate-after-paint.ts). */
function firstContentfulPaint(): Promise<void> {
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

const painted: ClientDirective = async (load) => {
  await firstContentfulPaint();
  const hydrate = await load();
  await hydrate();
};

export default painted;
