/**
 * The security headers of every function answer. netlify.toml's [[headers]] reach only the files
 * Netlify serves itself, never a function's answer (Netlify, "Custom headers": limitations), so
 * withErrorHandling (http.ts) sets these on every answer a handler did not set them on. No function
 * answers a page: the policy allows nothing to run or load, and nobody may frame the answer, a
 * published PDF included (the same family as the pages' policy, as strict as it can be). Transport
 * and referrer headers repeat netlify.toml's values; tests/unit/security-headers.test.ts holds
 * them equal.
 */
const FUNCTION_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': FUNCTION_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A file staff published is also sandboxed: an HTML or SVG file opened from it cannot run as this site. */
export const SANDBOXED_POLICY = `sandbox; ${FUNCTION_POLICY}`;

/** The answer with every security header it does not set itself (a published file sets its own policy). */
export function withSecurityHeaders(response: Response): Response {
  // A copy: an answer's headers may be immutable (Response.redirect), and the body is only passed on.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders))
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  return secured;
}
