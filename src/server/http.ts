import { createHash } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type * as z from 'zod/mini';
import type { ApiFailure } from '../shared/api.ts';
import { fieldErrors } from '../shared/field-errors.ts';
import { config, MissingSettingError } from './config.ts';
import { Conflict, Invalid, NotAllowed, NotFound, NotSignedIn, Refusal, Throttled } from './errors.ts';
import { errorSummary } from './error-summary.ts';
import { assertCleanJson, assertCleanTarget, invalidText, readUrlEncoded } from './input-text.ts';
import { messages } from '../shared/messages.ts';
import { refusals } from '../shared/refusals.ts';
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

/** What every visitor sees the same (the public lists, feeds and filled pages): kept a minute. */
export const PUBLIC_MINUTE = { 'Cache-Control': 'public, max-age=60' };

/** A public list every visitor sees the same: browsers and the CDN may keep it a minute. */
export const publicJson = (body: unknown): Response => json(body, 200, PUBLIC_MINUTE);

/** A public feed every visitor sees the same (RSS, iCalendar, CAP, GeoJSON), kept a minute like the lists. */
export const publicFeed = (body: string, contentType: string, headers: HeadersInit = {}): Response =>
  new Response(body, { headers: { ...PUBLIC_MINUTE, 'Content-Type': contentType, ...headers } });

/** Whether `ifNoneMatch` (the request's header) names `etag`, weakly compared as RFC 9110 asks. */
const matches = (ifNoneMatch: string | null, etag: string): boolean =>
  ifNoneMatch !== null &&
  ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });

/**
 * A public document that never changes once served (a CAP message, kept as first served): cached
 * for a year as immutable, with a strong validator, and 304 to a client that already has it.
 */
export function immutableDocument(
  req: Request,
  body: string,
  contentType: string,
  headers: HeadersInit = {},
): Response {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const common = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, ...headers };
  if (matches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: common });
  return new Response(body, { headers: { ...common, 'Content-Type': contentType } });
}

/** A failure the visitor can read (ApiFailureSchema: the text as both `error` and `message`). */
export const failure = (
  status: number,
  error: string,
  extra: Pick<ApiFailure, 'errors' | 'requestId'> = {},
  headers: HeadersInit = {},
): Response => json({ success: false, error, message: error, ...extra } satisfies ApiFailure, status, headers);

export const methodNotAllowed = (allowed: string[]): Response =>
  failure(405, refusals.methodNotAllowed, {}, { Allow: allowed.join(', ') });

/**
 * A refusal of the request as HTTP carries it (its media type, its size, its JSON syntax, or the
 * status an endpoint gives invalid input): the protocol's own, so it is made here, with its status.
 */
class RequestRefused extends Refusal {
  readonly status: number;

  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message, errors);
    this.status = status;
  }
}

/** The status each kind of refusal answers (errors.ts); Invalid, the only other kind, is 400. */
export function statusOf(refusal: Refusal): number {
  if (refusal instanceof RequestRefused) return refusal.status;
  if (refusal instanceof NotSignedIn) return 401;
  if (refusal instanceof NotAllowed) return 403;
  if (refusal instanceof NotFound) return 404;
  if (refusal instanceof Conflict) return 409;
  if (refusal instanceof Throttled) return 429;
  return 400;
}

/**
 * The one mapping from a refusal to its answer: its kind's status, its Spanish message, its field
 * errors, and a 429's Retry-After in whole seconds, at least one (RFC 9110 §10.2.3).
 */
export const refusalAnswer = (refusal: Refusal): Response =>
  failure(
    statusOf(refusal),
    refusal.message,
    refusal.errors ? { errors: refusal.errors } : {},
    refusal instanceof Throttled ? { 'Retry-After': String(Math.max(1, Math.ceil(refusal.seconds))) } : {},
  );

/**
 * A JSON body, a query string or a multipart form's fields, validated by its shared schema: a
 * refusal is Invalid (400) with one Spanish message per field, as the form shows them.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Invalid(messages.invalidForm, fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Reads a JSON body of at most `maxBytes`, without trusting Content-Length; 415 for any other media
 * type, 413 past the limit, 400 when it is not JSON; bytes that are not UTF-8, or a NUL or control
 * character in any key or value, are Invalid with the field they are in (input-text.ts).
 */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  // Only application/json: a text/plain body is a "simple" request any other site can make a
  // visitor's browser send without asking (no CORS preflight).
  const text = await readBodyText(req, 'application/json', refusals.notJson, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RequestRefused(400, refusals.invalidJson);
  }
  assertCleanJson(body);
  return body;
}

/** A body of `mediaType` (415 otherwise) and at most `maxBytes` (413), as UTF-8 text (Invalid otherwise). */
async function readBodyText(req: Request, mediaType: string, wrongType: string, maxBytes: number): Promise<string> {
  if (req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() !== mediaType)
    throw new RequestRefused(415, wrongType);
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new RequestRefused(413, refusals.bodyTooLarge);
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new RequestRefused(413, refusals.bodyTooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidText();
  }
}

/**
 * The fields of a page's form, posted without JavaScript (application/x-www-form-urlencoded, at
 * most `maxBytes`), each a clean single line (input-text.ts), validated by its shared schema.
 */
export async function readForm<S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  const text = await readBodyText(req, 'application/x-www-form-urlencoded', refusals.notForm, maxBytes);
  return parseInput(schema, Object.fromEntries(readUrlEncoded(text)));
}

/**
 * The token of an unsubscription, sent two ways: by the page's button, as JSON (readInput), or by
 * a mail program's one-click unsubscription (RFC 8058, the List-Unsubscribe header of a bulk mail:
 * mail/mail.ts), which POSTs `List-Unsubscribe=One-Click` as a form to the address the header
 * names, the token in its query. Never a GET: mail scanners open links.
 */
export async function readUnsubscription<S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  const token = new URL(req.url).searchParams.get('token');
  if (token === null) return readInput(req, schema, maxBytes);
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
    throw new RequestRefused(415, refusals.notOneClick);
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw new RequestRefused(413, refusals.bodyTooLarge);
  let oneClick: boolean;
  try {
    oneClick = (await req.formData()).get('List-Unsubscribe') === 'One-Click';
  } catch {
    throw new RequestRefused(400, refusals.notOneClick);
  }
  if (!oneClick) throw new RequestRefused(400, refusals.notOneClick);
  return parseInput(schema, { token });
}

/**
 * The body of every JSON endpoint: read as JSON (415, 413, 400 as readJson says) and validated by
 * its shared schema; what is Invalid answers 400, or `status` where the spec gives 400 another
 * meaning.
 */
export async function readInput<S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  maxBytes: number,
  { status = 400 }: { status?: number } = {},
): Promise<z.output<S>> {
  try {
    return parseInput(schema, await readJson(req, maxBytes));
  } catch (error) {
    if (error instanceof Invalid && status !== 400) throw new RequestRefused(status, error.message, error.errors);
    throw error;
  }
}

/**
 * When and where a request arrived: the instant a submission's deadline counts from, and the
 * site's origin, for the links its mail carries.
 */
export interface Arrival {
  at: Date;
  origin: string;
}

/**
 * The arrival of a request. In local mode only, the e2e tests may set the instant with the
 * `X-Local-Now` header (an ISO date), to see a deadline run over a public holiday; production
 * never reads it.
 */
export function arrivalOf(req: Request): Arrival {
  const origin = new URL(req.url).origin;
  const stated = config.isLocal() ? req.headers.get('x-local-now') : null;
  const at = stated ? new Date(stated) : new Date();
  return { at: Number.isNaN(at.getTime()) ? new Date() : at, origin };
}

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
      // A refused request answers its kind's status and its message, whichever function or service refused it.
      if (error instanceof Refusal) return withSecurityHeaders(refusalAnswer(error));
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
