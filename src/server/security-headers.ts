/**
 * The security headers of every function answer. netlify.toml's [[headers]] reach only the files
 * Netlify serves itself, never a function's answer (Netlify, "Custom headers": limitations), so
 * withErrorHandling (http.ts) sets these on every answer a handler did not set them on. No function
 * answers a page: the policy allows nothing to run or load, and nobody may frame the answer (the
 * same family as the pages' policy, as strict as it can be; a published PDF sets FILE_POLICY).
 * Transport and referrer headers repeat netlify.toml's values; tests/integration/security-headers.test.ts
 * holds them equal.
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

/**
 * The policy of a published document the browser shows in a viewer of its own: a PDF
 * staff published, and netlify.toml's files under /documentos, /img and /video (the same value,
 * tests/integration/security-headers.test.ts). A viewer is a document the browser makes, which a page's
 * rules break: WebKitGTK's PDF viewer is styled by inline attributes, which `default-src 'none'` or
 * a page's style-src refuse (a 300×150 viewer in a corner), and a sandboxed document may not run
 * Chromium's PDF viewer at all. What protects the site stays: only its own pages may frame the
 * file, and nosniff (securityHeaders) keeps it the type it is sent as.
 */
export const FILE_POLICY = "frame-ancestors 'self'";

/** The answer with every security header it does not set itself (a published file sets its own policy). */
export function withSecurityHeaders(response: Response): Response {
  // A copy: an answer's headers may be immutable (Response.redirect), and the body is only passed on.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders))
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  return secured;
}
