import type sanitizeHtml from 'sanitize-html';

/**
 * The markup a news item (comunicado) may carry: paragraphs, emphasis, two heading levels,
 * lists, quotes and links to web pages or e-mail addresses. Anything else (scripts, event
 * handlers, styles, javascript: links) is dropped. Used when staff save an item and again when
 * visitors read it, so markup stored by any other path never reaches a page as script.
 */
const REPORT_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Pasted text often brings the presentational tags; they mean the same emphasis.
  transformTags: { b: 'strong', i: 'em', strike: 's' },
  // No style is allowed, so none is parsed: the functions' bundles leave postcss out (scripts/lib/function-sources.ts).
  parseStyleAttributes: false,
};

/**
 * `html` with only that markup left. sanitize-html (its HTML parser and entity tables) is imported
 * by the first text sanitised, not with the functions that carry it (docs/performance.md, "Cold starts").
 */
export async function sanitizeReportText(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, REPORT_TEXT);
}
