import { decodeHTML } from 'entities';

const BLOCK_TAG = /<\/?(?:p|br|div|h[1-6]|ul|ol|li|blockquote|table|tr|td|th|hr|section|article|figure)\b[^>]*>/gi;

/**
 * What a search result or a shared link shows of an HTML text (a comunicado's): its words without
 * markup, one space between them, cut at a word within `max` characters, with "…" when cut.
 * Search engines show about 160 characters of a description.
 */
export function htmlSummary(html: string, max = 160): string {
  // A block's tag parts two words ("</p><p>"); an inline one ("<strong>") does not.
  const text = decodeHTML(html.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
