import sanitizeHtml from 'sanitize-html';

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
};

export const sanitizeReportText = (html: string): string => sanitizeHtml(html, REPORT_TEXT);
