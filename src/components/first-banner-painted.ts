/**
 * Resolves after the load, once the browser has reported the home page's first banner
 * (fetchpriority="high") as its largest paint. The home page's later work waits for it: the
 * dialogs and the band's fetches.
 *
 * Chromium does not count a banner painted beneath an open modal dialog, so the dialog's picture
 * became the largest paint. Neither the image's load nor its decode() means it has been painted:
 * under load the dialog still opened first, one time in ten. Browsers without the Largest
 * Contentful Paint API wait for the decode; a banner that never paints (a failed download, a
 * candidate smaller than the heading) holds the work back 3 s, and a frame, at most. And Lighthouse counts in
 * its estimate of the largest paint every request that ended before it: the band's two fetches,
 * started at the load, held the rural profile's figure back.
 */
export async function firstBannerPainted(): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  const banner = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!banner) return;
  await new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      void banner.decode().then(resolve, resolve);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === banner)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // A long task can hold the banner's frame back until this timer is due, and the timer then
    // runs before that frame: the banner is let paint first (decoded, then a frame rendered).
    setTimeout(() => void decodedAndFramed(banner).then(resolve), 3_000);
  });
}

/** Once `banner` is decoded (or cannot be) and the browser has rendered a frame since. */
const decodedAndFramed = (banner: HTMLImageElement): Promise<void> =>
  banner
    .decode()
    .catch(() => undefined)
    .then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
