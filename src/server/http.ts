import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { ApiFailure } from '../shared/api.ts';
import { fieldErrors } from '../shared/fields.ts';
import { MissingSettingError } from './config.ts';
import { errorSummary } from './error-summary.ts';
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

/** 400 with one Spanish message per field, as the form shows them. */
export const invalidInput = (error: z.ZodError): Response =>
  failure(400, messages.invalidForm, { errors: fieldErrors(error) });

type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON body of at most `maxBytes`, without trusting Content-Length; 415 for any other media type. */
export async function readJson(req: Request, maxBytes: number): Promise<BodyResult> {
  // Only application/json: a text/plain body is a "simple" request any other site can make a
  // visitor's browser send without asking (no CORS preflight).
  const mediaType = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') return { ok: false, response: failure(415, messages.notJson) };
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return { ok: false, response: failure(413, messages.bodyTooLarge) };
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > maxBytes) return { ok: false, response: failure(413, messages.bodyTooLarge) };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, response: failure(400, messages.invalidJson) };
  }
}

type Handler = (req: Request, context: Context) => Promise<Response>;

/**
 * Wraps a function so no fault escapes as a stack trace, and every answer, a failure too, carries
 * the security headers (security-headers.ts).
 */
export const withErrorHandling =
  (handler: Handler): Handler =>
  async (req, context) => {
    try {
      return withSecurityHeaders(await handler(req, context));
    } catch (error) {
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
