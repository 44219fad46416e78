import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML, true once the island runs. A form's button waits for it:
 * clicked earlier, the browser would submit natively, and a choice made before hydration would
 * be reset by React.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
