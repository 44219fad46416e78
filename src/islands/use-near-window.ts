import { useCallback, useState } from 'react';

/**
 * A ref for an element, and whether it has come within a quarter of the window's height of the
 * window (then it stays true). /cortes' map waits for it: under the list, even of one outage, it is
 * out of a phone's window (1,340 px down at 412 px wide), and loading it with the page put Leaflet's
 * 80 ms of evaluation and the map's first render into the page's load (its blocking time), and
 * 48 KB and the tiles onto the line of a visitor who never scrolls to it. The quarter starts it
 * before it is in view; more, and a phone's window would reach it at once.
 */
export function useNearWindow(): [(element: Element | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: Element | null) => {
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}
