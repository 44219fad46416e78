import type * as z from 'zod/mini';
import type { ApiFailureTexts } from '../shared/api.ts';

/**
 * What an API call gave, whatever happened on the way: callers never see an exception. `ok` means
 * a 2xx whose body matches the answer's shared schema; anything else is a failure with the
 * status (0 when the network is down, as on a phone losing signal) and the server's texts when it
 * sent any.
 */
export type ApiResult<T> = { ok: true; status: number; body: T } | ApiFailed;
export type ApiFailed = { ok: false; status: number; failure: ApiFailureTexts };

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a multipart form, a file chunk). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** A call that never reached an answer: the network is down, or the connection dropped on the way. */
export const NETWORK_FAILURE: ApiFailed = { ok: false, status: 0, failure: {} };

export async function send(
  url: string,
  { method = 'GET', json, body, headers = {}, signal }: CallOptions,
  accept: string,
): Promise<Response | undefined> {
  try {
    return await fetch(url, {
      method,
      headers: {
        Accept: accept,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? (body ?? null) : JSON.stringify(json),
      signal: signal ?? null,
    });
  } catch {
    return undefined;
  }
}

/** A failure's texts are shown only when they are what a failure carries (never a stray body). */
export async function failed(status: number, payload: unknown): Promise<ApiFailed> {
  const { ApiFailureTextsSchema } = await import('../shared/api.ts');
  const failure = ApiFailureTextsSchema.safeParse(payload);
  return { ok: false, status, failure: failure.success ? failure.data : {} };
}

/**
 * The one way the public islands (and the chunked upload) call /api, and under the admin's
 * apiRequest, which throws the failure (src/admin/api-client.ts): the answer is checked with
 * `schema`, the shared answer schema. A form gives the schema as the promise of its module's
 * import, started with the request: zod comes with it, once the visitor sends, not with the page,
 * which stays light.
 */
export async function callApi<S extends z.ZodMiniType>(
  url: string,
  schema: S | Promise<S>,
  options: CallOptions = {},
): Promise<ApiResult<z.output<S>>> {
  const response = await send(url, options, 'application/json');
  if (!response) return NETWORK_FAILURE;
  const payload: unknown = await response.json().catch(() => null);
  try {
    if (response.ok) {
      const parsed = (await schema).safeParse(payload);
      if (parsed.success) return { ok: true, status: response.status, body: parsed.data };
    }
    return await failed(response.status, payload);
  } catch {
    // The schemas' module did not arrive (the connection dropped on the way): as a network failure.
    return NETWORK_FAILURE;
  }
}

/** The answer of every submission (contact, complaint, job, motorhome, denuncia), for callApi. */
export const submissionAnswer = () => import('../shared/api.ts').then((module) => module.SubmissionAnswerSchema);
