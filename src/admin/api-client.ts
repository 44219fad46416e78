import type * as z from 'zod/mini';
import { BACKGROUND_CALL_HEADER } from '../shared/auth/schema.ts';
import { messages } from '../shared/messages.ts';
import { noteUse } from './session/last-use.ts';
import { currentToken } from './session/stored-session.ts';
import { renewTokenIfDue } from './session/token-renewal.ts';
import { failed, NETWORK_FAILURE, send, type ApiFailed } from '../ui/api.ts';
import { fileNameOf } from '../ui/downloads.ts';

/**
 * A failed admin call: the status, the server's message and, for a 400, one message per field.
 * It is a failure as callApi gives it (src/ui/api.ts), thrown: TanStack Query reads a failed call
 * as an exception.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  static of({ status, failure }: ApiFailed): ApiError {
    return new ApiError(status, failure.error ?? failure.message ?? messages.genericError, failure.errors ?? {});
  }
}

/** What a screen says of a failed call: the server's message, or the generic one for anything else. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : messages.genericError;

// Spec §4: any 401 clears the session and signs out. The session provider registers what that
// means; this module only reports it, so it stays free of React.
let unauthorizedHandler: () => void = () => {};

export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => {};
  };
}

export const reportUnauthorized = (): void => unauthorizedHandler();

export const authHeaders = (): Record<string, string> => {
  const token = currentToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as it is when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * False for POST /api/login: its 401 means a wrong password, not an ended session, and it
   * carries no token.
   */
  session?: boolean;
  /**
   * A call the app makes by itself, not staff (the mail alert's poll): the server checks the sign-in
   * but does not count it as use, so the idle timeout still ends a tab nobody touches.
   */
  background?: boolean;
}

/** The public islands' one fetch (src/ui/api.ts) with the session's headers; a failure thrown. */
async function sendSigned(
  path: string,
  { method = 'GET', body, signal, session = true, background = false }: RequestOptions,
  accept: string,
): Promise<Response> {
  // The server counts the call as use when it arrives: from now, as staff see it (last-use.ts).
  if (session && !background) noteUse();
  if (session) await renewTokenIfDue();
  const headers = { ...(session ? authHeaders() : {}), ...(background ? { [BACKGROUND_CALL_HEADER]: '1' } : {}) };
  const response = await send(
    path,
    { method, headers, signal, ...(body instanceof FormData ? { body } : { json: body }) },
    accept,
  );
  if (!response) {
    if (signal?.aborted) throw signal.reason;
    throw ApiError.of(NETWORK_FAILURE);
  }
  if (response.status === 401 && session) reportUnauthorized();
  if (!response.ok) throw ApiError.of(await failed(response.status, await response.json().catch(() => null)));
  return response;
}

/**
 * Calls an admin endpoint and returns its `data`, checked with the shared schema: an answer
 * that does not match is a failure the screen shows, never a crash further down.
 */
export async function apiRequest<T>(path: string, schema: z.ZodMiniType<T>, options: RequestOptions = {}): Promise<T> {
  const response = await sendSigned(path, options, 'application/json');
  const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
  const parsed = schema.safeParse(body?.data ?? {});
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(response.status, messages.genericError);
  }
  return parsed.data;
}

/** A file the server sends as an attachment, and the name its Content-Disposition gives. */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await sendSigned(path, {}, '*/*');
  return { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
}
