import { useEffect, useState } from 'react';
import type { z } from 'zod';

/** The answer of a JSON POST, whatever happened on the way: islands never see an exception. */
export interface ApiResult<T> {
  status: number;
  body: (T & { success?: boolean; error?: string; errors?: Record<string, string> }) | null;
}

export async function postJson<T>(url: string, payload: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = await response.json().catch(() => null);
    return { status: response.status, body };
  } catch {
    // Network down (a phone losing signal): reported like any failed request.
    return { status: 0, body: null };
  }
}

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/**
 * GETs a JSON list once and checks it with the shared schema: a broken or unexpected answer is
 * a failure the island shows, never a crash.
 */
export function useJson<T>(url: string, schema: z.ZodType<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        const parsed = schema.safeParse(response.ok ? await response.json() : null);
        setLoaded(parsed.success ? { state: 'ready', data: parsed.data } : { state: 'failed' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => controller.abort();
  }, [url]);
  return loaded;
}
