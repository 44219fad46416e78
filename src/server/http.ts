import type { Context } from '@netlify/functions';
import type * as z from 'zod/mini';
import type { ApiFailure } from '../shared/api.ts';
import { fieldErrors } from '../shared/field-errors.ts';
import { MissingSettingError } from './config.ts';
import { ClientError } from './errors.ts';
import { errorSummary } from './error-summary.ts';
import { assertCleanJson, assertCleanTarget, invalidText } from './input-text.ts';
import { messages } from '../shared/messages.ts';
import { withSecurityHeaders } from './security-headers.ts';

/**
 * What every /api function shares: JSON answers, body limits, and the rule that bad input
 * answers 4xx with a body the island can show, while an unexpected fault answers 500 with the
 * generic Spanish message and is logged with the request id (design.md, "Validation and errors").
 */

// API answers carry visitors' data: never stored by a browser or a CDN.
const NO_STORE = { 'Cache-Control': 'no-store' };

export const json = (body: unknown, status = 200, headers: HeadersInit = {}): Response =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** A public list every visitor sees the same: browsers and the CDN may keep it a minute. */
export const publicJson = (body: unknown): Response => json(body, 200, { 'Cache-Control': 'public, max-age=60' });

/** A failure the visitor can read (ApiFailureSchema: the text as both `error` and `message`). */
export const failure = (
  status: number,
  error: string,
  extra: Pick<ApiFailure, 'errors' | 'requestId'> = {},
  headers: HeadersInit = {},
): Response => json({ success: false, error, message: error, ...extra } satisfies ApiFailure, status, headers);

export const methodNotAllowed = (allowed: string[]): Response =>
  failure(405, messages.methodNotAllowed, {}, { Allow: allowed.join(', ') });

/**
 * A JSON body, a query string or a multipart form's fields, validated by its shared schema: a
 * refusal is 400 (or `status`) with one Spanish message per field, as the form shows them.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, { status = 400 } = {}): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ClientError(status, messages.invalidForm, undefined, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}

/**
 * Reads a JSON body of at most `maxBytes`, without trusting Content-Length; 415 for any other media
 * type; bytes that are not UTF-8, or a NUL or control character in any key or value, answer 400
 * (`status`) with the field it is in (input-text.ts).
 */
async function readJson(req: Request, maxBytes: number, status: number): Promise<unknown> {
  // Only application/json: a text/plain body is a "simple" request any other site can make a
  // visitor's browser send without asking (no CORS preflight).
  const mediaType = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new ClientError(415, messages.notJson);
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ClientError(413, messages.bodyTooLarge);
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new ClientError(413, messages.bodyTooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidText(status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ClientError(400, messages.invalidJson);
  }
  assertCleanJson(body, status);
  return body;
}

/**
 * The body of every JSON endpoint: read as JSON (415, 413, 400 as readJson says) and validated by
 * its shared schema (400, or `status` where the spec gives 400 another meaning).
 */
export const readInput = async <S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  maxBytes: number,
  options: { status?: number } = {},
): Promise<z.output<S>> => parseInput(schema, await readJson(req, maxBytes, options.status ?? 400), options);

type Handler = (req: Request, context: Context) => Promise<Response>;

/**
 * Wraps a function so no fault escapes as a stack trace, every refusal answers the same way, and
 * every answer, a failure too, carries the security headers (security-headers.ts).
 */
export const withErrorHandling =
  (handler: Handler): Handler =>
  async (req, context) => {
    try {
      // Every path and query string, of every function, before any of them reads it: bad input is
      // a 400, never a 500.
      assertCleanTarget(new URL(req.url), context.params);
      return withSecurityHeaders(await handler(req, context));
    } catch (error) {
      // A refused request answers its own status and message, whichever function or service refused it.
      if (error instanceof ClientError)
        return withSecurityHeaders(
          failure(error.status, error.message, error.errors ? { errors: error.errors } : {}, error.headers),
        );
      // A deploy without a setting it needs: the log names the setting, the visitor reads Spanish.
      if (error instanceof MissingSettingError) {
        console.error(
          `[${context.requestId}] ${req.method} ${new URL(req.url).pathname}: missing setting ${error.message}`,
        );
        return withSecurityHeaders(failure(503, messages.unavailable, { requestId: context.requestId }));
      }
      console.error(`[${context.requestId}] ${req.method} ${new URL(req.url).pathname} failed: ${errorSummary(error)}`);
      return withSecurityHeaders(failure(500, messages.genericError, { requestId: context.requestId }));
    }
  };
