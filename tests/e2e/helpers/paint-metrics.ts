import type { Locator, Page } from '@playwright/test';

/**
 * What the browser itself measured of a page (its CLS and LCP, as Lighthouse reads them):
 * the sum of the layout shifts not caused by input (Layout Instability API) and the element of
 * the largest contentful paint, `wait` ms from now. The element is marked so that a test can
 * find it with a locator.
 */
export async function shiftAndLargestPaint(page: Page, wait = 1_500): Promise<{ shift: number; largest: Locator }> {
  const shift = await page.evaluate(
    (wait) =>
      new Promise<number>((resolve) => {
        let sum = 0;
        let largest: Element | null = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          largest = (list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          document.querySelector('[data-largest-paint]')?.removeAttribute('data-largest-paint');
          (largest as Element | null)?.setAttribute('data-largest-paint', '');
          resolve(sum);
        }, wait);
      }),
    wait,
  );
  return { shift, largest: page.locator('[data-largest-paint]') };
}

/**
 * The files of the page matching `pattern` that the browser started fetching before its load
 * event, and after it (Resource Timing), by path.
 */
export function fetchedAroundLoad(page: Page, pattern: RegExp): Promise<{ before: string[]; after: string[] }> {
  return page.evaluate((source) => {
    const matches = new RegExp(source);
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
      .filter(({ path }) => matches.test(path));
    return {
      before: files.filter(({ start }) => start < loaded).map(({ path }) => path),
      after: files.filter(({ start }) => start >= loaded).map(({ path }) => path),
    };
  }, pattern.source);
}

/**
 * The scripts the page's islands fetched (every `/_astro/*.js` but the page's own module scripts
 * and their preloads), split by whether the browser started fetching them before its first
 * contentful paint or after it (Paint and Resource Timing), by path, once the page has painted.
 */
export function islandScriptsAroundFirstPaint(page: Page): Promise<{ before: string[]; after: string[] }> {
  return page.evaluate(async () => {
    // The load event may come before the first paint: wait for it.
    const painted = await new Promise<number>((resolve) =>
      new PerformanceObserver((list, observer) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (!entry) return;
        observer.disconnect();
        resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true }),
    );
    const ofPage = new Set(
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')].map(
        (element) => new URL('src' in element ? element.src : element.href).pathname,
      ),
    );
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
      .filter(({ path }) => /^\/_astro\/.+\.js$/.test(path) && !ofPage.has(path));
    return {
      before: files.filter(({ start }) => start < painted).map(({ path }) => path),
      after: files.filter(({ start }) => start >= painted).map(({ path }) => path),
    };
  });
}

interface LayoutShiftEvent {
  name: string;
  args: { data?: { weighted_score_delta: number; had_recent_input: boolean } };
}

/**
 * The layout shift of loading `url` as Lighthouse counts it: every frame's, those of the documents
 * the page embeds included (the Layout Instability API above sees only the page's own frame), each
 * weighted by how much of its frame is in view. Read from Chromium's trace, `wait` ms after the
 * load event.
 */
export async function shiftOfEveryFrame(page: Page, url: string, wait = 2_000): Promise<number> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['loading'] });
  await page.goto(url);
  await page.waitForTimeout(wait);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: LayoutShiftEvent[] };
  return traceEvents
    .filter(({ name, args }) => name === 'LayoutShift' && args.data && !args.data.had_recent_input)
    .reduce((sum, { args }) => sum + args.data!.weighted_score_delta, 0);
}
