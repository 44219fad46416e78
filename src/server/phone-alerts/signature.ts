// The SDK's webhook module alone (crypto, url and querystring): the functions Twilio posts to carry
// its signature check without the rest of the SDK, which only a sending run loads.
import { HMAC_SHA1, SIGNATURE_HEADER, validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { NotAllowed } from '../errors.ts';
import { invalidText, readUrlEncoded } from '../input-text.ts';

/** The largest webhook read: Twilio's form of an inbound text or a status is well under 2 KB. */
const MAX_WEBHOOK_BYTES = 16 * 1024;

const notSigned = 'La solicitud no viene firmada por el proveedor de mensajería.';

/**
 * The body as UTF-8 text, at most `maxBytes` whatever Content-Length says, or undefined past
 * them; bytes that are not UTF-8 are Invalid (400), as everywhere (input-text.ts).
 */
async function boundedText(req: Request, maxBytes: number): Promise<string | undefined> {
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) return undefined;
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > maxBytes) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidText();
  }
}

/**
 * The fields of a request Twilio signed (an inbound text, a status callback), as a plain object;
 * NotAllowed (403) for anything else: no X-Twilio-Signature, a signature of other fields or of
 * another URL (a request replayed onto another endpoint), a body that is not a form or past 16 KB;
 * Invalid (400) for text that is not clean UTF-8, which Twilio never sends.
 *
 * Twilio signs the URL it called, query string included, then each field's name and value in the
 * names' order (HMAC-SHA1 with the auth token; twilio.com/docs/usage/webhooks/webhooks-security),
 * which the SDK's validateRequest checks. That URL is `req.url`: Netlify hands a function the
 * request as it arrived ("a Request representing the incoming request", docs.netlify.com,
 * Functions API), on the address the number's webhook names. The form is read here, not by
 * http.ts's readForm, because an SMS may hold line breaks, which a page's form fields may not.
 * Twilio sends each field once: a repeated name is refused rather than one of its values chosen.
 */
export async function verifiedProviderForm(req: Request, authToken: string): Promise<Record<string, string>> {
  const signature = req.headers.get(SIGNATURE_HEADER);
  const mediaType = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!signature || mediaType !== 'application/x-www-form-urlencoded') throw new NotAllowed(notSigned);
  const text = await boundedText(req, MAX_WEBHOOK_BYTES);
  if (text === undefined) throw new NotAllowed(notSigned);
  const params: Record<string, string> = {};
  // Each field decoded strictly and clean (a NUL would reach Postgres), line breaks kept: 400 otherwise.
  for (const [name, value] of readUrlEncoded(text, { multiLine: true })) {
    if (Object.hasOwn(params, name)) throw new NotAllowed(notSigned);
    params[name] = value;
  }
  // HMAC-SHA1, whatever a header says: the auth token is the only key this site holds (a SharedKey
  // signature, HMAC-SHA256, is a key of Twilio's Console this site never configured).
  if (!validateRequest(authToken, signature, req.url, params, HMAC_SHA1)) throw new NotAllowed(notSigned);
  return params;
}
