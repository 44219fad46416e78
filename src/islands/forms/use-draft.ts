import { useEffect, useState } from 'react';

/**
 * Form values that survive a reload or a trip back to the page in the same tab
 * (sessionStorage), so a visitor never loses what they typed. Confidential forms do not use it.
 */
export function useDraft<T extends Record<string, string>>(key: string, empty: T) {
  const [values, setValues] = useState<T>(empty);

  useEffect(() => {
    try {
      const stored = sessionStorage.getItem(key);
      if (stored) setValues({ ...empty, ...JSON.parse(stored) });
    } catch {
      // Storage disabled or corrupt: start empty.
    }
  }, [key]);

  const update = (next: T) => {
    setValues(next);
    try {
      sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the form still works, only the draft is not kept.
    }
  };

  const clear = () => {
    setValues(empty);
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  };

  return { values, update, clear };
}
