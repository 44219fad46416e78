import { useEffect, useState, type RefObject } from 'react';

/**
 * Form values that are never lost: kept in sessionStorage across a reload in the same tab (when
 * a `key` is given), and merged on hydration with whatever the visitor typed into the
 * server-rendered form before the island came alive. Confidential forms pass no key.
 */
export function useDraft<T extends Record<string, string>>(
  key: string | undefined,
  empty: T,
  form: RefObject<HTMLFormElement | null>,
) {
  const [values, setValues] = useState<T>(empty);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stored: Partial<T> = {};
    try {
      if (key) stored = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    } catch {
      // Storage disabled or corrupt: start from what is on the page.
    }
    const typed: Record<string, string> = {};
    for (const [name, value] of form.current ? new FormData(form.current) : []) {
      if (!(name in empty) || typeof value !== 'string' || value === '') continue;
      // A group of checkboxes gives one entry a ticked box: its values one per line, as the form
      // keeps them (OutageAlertForm's towns); only the last box was kept before.
      typed[name] = name in typed ? `${typed[name]}\n${value}` : value;
    }
    setValues({ ...empty, ...stored, ...typed });
    setReady(true);
  }, [key]);

  // Merged into the latest values, not the ones of the last render: a key typed while the
  // island hydrates must not undo what the merge above just took from the page.
  const update = (changes: Partial<T>) =>
    setValues((current) => {
      const next = { ...current, ...changes };
      if (key) {
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Storage full or disabled: the form still works, only the draft is not kept.
        }
      }
      return next;
    });

  const clear = () => {
    setValues(empty);
    if (!key) return;
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  };

  return { values, ready, update, clear };
}
