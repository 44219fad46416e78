/**
 * Text as HTML or XML writes it, in an element or a quoted attribute: never markup. One for the
 * filled pages' titles, the RSS feed's descriptions and TwiML's <Say>.
 */
export const escapeMarkup = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
