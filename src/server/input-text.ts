import { messages } from '../shared/messages.ts';
import { refusals } from '../shared/refusals.ts';
import { Invalid } from './errors.ts';

/**
 * The text a request may carry (docs/security.md, "Bad input is 4xx"): well-formed Unicode without
 * control characters. A NUL is refused by Postgres' text type (it answered 500 before this), other
 * controls reach mail headers, file names and logs, and U+FFFD is what a lenient decoder (busboy's,
 * URLSearchParams') leaves of bytes that were not UTF-8. Multi-line texts keep tab, line feed and
 * carriage return; each form's schema refuses them where a field is a single line.
 */
const isRefused = (code: number, multiLine: boolean): boolean =>
  code < 0x20
    ? !(multiLine && (code === 0x09 || code === 0x0a || code === 0x0d))
    : (code >= 0x7f && code <= 0x9f) || code === 0xfffd;

export function isCleanText(value: string, { multiLine }: { multiLine: boolean }): boolean {
  if (!value.isWellFormed()) return false;
  for (let i = 0; i < value.length; i++) if (isRefused(value.charCodeAt(i), multiLine)) return false;
  return true;
}

/** The refusal of a whole request whose text is not valid (no field to point at). */
export const invalidText = () => new Invalid(refusals.invalidText);

/** The refusal of one field, shaped as a schema's refusal so the form shows it at that field. */
export const invalidTextIn = (field: string) => new Invalid(messages.invalidForm, { [field]: refusals.invalidText });

/**
 * How deep a JSON body may nest, the body itself counted: no form nests more than three levels, and
 * a limit keeps every walk of the input (this one, the schema's) far from the stack's depth.
 */
export const MAX_JSON_DEPTH = 32;

/** The refusal of a body nested past MAX_JSON_DEPTH levels. */
const tooDeep = () => new Invalid(refusals.tooDeep);

/**
 * What is wrong anywhere inside `value`, which sits `depth` levels deep: a key or a string that is
 * not clean text, or nesting past MAX_JSON_DEPTH. A loop over a list of what is left to see, not
 * recursion: an array nested 8,000 deep, which a 16 KiB body holds, overflowed the call stack.
 */
function flawIn(value: unknown, depth: number): 'text' | 'depth' | undefined {
  const pending: [unknown, number][] = [[value, depth]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, level] = next;
    if (typeof item === 'string') {
      if (!isCleanText(item, { multiLine: true })) return 'text';
    } else if (item && typeof item === 'object') {
      if (level > MAX_JSON_DEPTH) return 'depth';
      const isArray = Array.isArray(item);
      for (const [key, inner] of Object.entries(item)) {
        if (!isArray && !isCleanText(key, { multiLine: false })) return 'text';
        pending.push([inner, level + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses a parsed JSON body holding bad text in any key or value, naming its top-level field, or
 * nested past MAX_JSON_DEPTH levels.
 */
export function assertCleanJson(body: unknown): void {
  const refuse = (flaw: 'text' | 'depth' | undefined, field?: string) => {
    if (flaw === 'depth') throw tooDeep();
    if (flaw === 'text') throw field === undefined ? invalidText() : invalidTextIn(field);
  };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse(flawIn(body, 1));
  for (const [field, value] of Object.entries(body)) {
    if (!isCleanText(field, { multiLine: false })) throw invalidText();
    refuse(flawIn(value, 2), field);
  }
}

const isHexDigit = (byte: number | undefined) =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));

/**
 * Percent-decodes as the URL standard does (a `%` not followed by two hex digits stays as it is),
 * but refuses bytes that are not UTF-8 instead of turning them into U+FFFD: undefined then.
 */
export function percentDecode(input: string): string | undefined {
  const raw = Buffer.from(input, 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (byte === 0x25 && isHexDigit(raw[i + 1]) && isHexDigit(raw[i + 2])) {
      bytes.push(Number.parseInt(String.fromCharCode(raw[i + 1]!, raw[i + 2]!), 16));
      i += 2;
    } else bytes.push(byte);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/**
 * The fields of an application/x-www-form-urlencoded text (a query string, Webpay's POSTed return),
 * each name and value decoded strictly and a single line (values of `multiLine` forms may hold line
 * breaks: a text message's body): Invalid, naming the field, otherwise.
 */
export function readUrlEncoded(text: string, { multiLine = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const name = percentDecode(rawName.replaceAll('+', ' '));
    const value = percentDecode(rawValue.replaceAll('+', ' '));
    if (name === undefined || !isCleanText(name, { multiLine: false })) throw invalidText();
    if (value === undefined || !isCleanText(value, { multiLine })) throw invalidTextIn(name);
    params.append(name, value);
  }
  return params;
}

/**
 * Refuses a request whose path or query string holds bad text, before any function reads it: the
 * path's parameters as the platform gives them (decoded or not) and as they stand in the URL.
 */
export function assertCleanTarget(url: URL, params: Record<string, string> | undefined): void {
  const path = percentDecode(url.pathname);
  if (path === undefined || !isCleanText(path, { multiLine: false })) throw invalidText();
  for (const value of Object.values(params ?? {})) if (!isCleanText(value, { multiLine: false })) throw invalidText();
  readUrlEncoded(url.search.slice(1));
}
