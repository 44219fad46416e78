/**
 * The GSM-7 alphabet (3GPP TS 23.038): a text written only in it travels as one SMS segment of
 * 160 characters. A single letter outside it (á, í, ó, ú, a curly quote) makes the whole message
 * UCS-2, 70 characters a segment, and an alert would cost two or three messages: those letters
 * are written without their accent, as Chileans text.
 */

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as an escape and the character: two of a segment's 160. */
const EXTENSION = '^{}\\[~]|€\f';

/** The characters of one segment. */
export const SEGMENT_SEPTETS = 160;

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);
const inAlphabet = (character: string) => basic.has(character) || extension.has(character);

/** Punctuation a phone or a word processor writes, as GSM-7 writes it. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '«': '"',
  '»': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\t': ' ',
  º: 'o',
  '°': 'o',
  ª: 'a',
};

/**
 * `text` in GSM-7: what the alphabet has stays (é, ñ, ü, ¿, ¡), a letter with an accent it lacks
 * loses the accent (á → a, Ó → O), punctuation becomes its plain form, and anything else a `?`.
 */
export function toGsm7(text: string): string {
  let written = '';
  for (const character of text) {
    if (inAlphabet(character)) written += character;
    else if (PLAIN[character] !== undefined) written += PLAIN[character];
    else {
      const bare = character.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      written += [...bare].every(inAlphabet) && bare !== '' ? bare : '?';
    }
  }
  return written;
}

/** The septets `text` takes (an extension character two), or undefined when it is not GSM-7. */
export function septets(text: string): number | undefined {
  let count = 0;
  for (const character of text) {
    if (basic.has(character)) count += 1;
    else if (extension.has(character)) count += 2;
    else return undefined;
  }
  return count;
}

/** Whether `text` is GSM-7 and fits one segment. */
export const fitsOneSegment = (text: string): boolean => (septets(text) ?? Infinity) <= SEGMENT_SEPTETS;
