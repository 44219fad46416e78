import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { ApiFailureSchema } from '../shared/api.ts';

/**
 * What an API call gave, whatever happened on the way: islands never see an exception. `ok` means
 * a 2xx whose body matches the answer's shared schema; anything else is a failure with the
 * status (0 when the network is down, as on a phone losing signal) and the server's texts when it
 * sent any.
 */
export type ApiResult<T> = { ok: true; status: number; body: T } | ApiFailed;
export type ApiFailed = { ok: false; status: number; failure: FailureTexts };

const FailureTextsSchema = z.partial(ApiFailureSchema);
type FailureTexts = z.infer<typeof FailureTextsSchema>;

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a multipart form, a file chunk). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one way islands call /api: the answer is checked with `schema`, the shared answer schema. */
export async function callApi<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  { method = 'GET', json, body, headers = {}, signal }: CallOptions = {},
): Promise<ApiResult<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? (body ?? null) : JSON.stringify(json),
      signal: signal ?? null,
    });
  } catch {
    return { ok: false, status: 0, failure: {} };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return { ok: true, status: response.status, body: parsed.data };
  }
  // A failure's texts are shown only when they are what a failure carries (never a stray body).
  const failure = FailureTextsSchema.safeParse(payload);
  return { ok: false, status: response.status, failure: failure.success ? failure.data : {} };
}

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** GETs a public list once: a broken or unexpected answer is a failure the island shows. */
export function useJson<S extends z.ZodMiniType>(url: string, schema: S): Loaded<z.output<S>> {
  const [loaded, setLoaded] = useState<Loaded<z.output<S>>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void callApi(url, schema, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoaded(result.ok ? { state: 'ready', data: result.body } : { state: 'failed' });
    });
    return () => controller.abort();
  }, [url]);
  return loaded;
}
