import { inflateRawSync, inflateSync } from 'node:zlib';

/*
 * Every example document under public/documentos/ says so: its first lines read "Documento de
 * ejemplo: será reemplazado…", and so does its Subject (PDF) or dc:subject (Excel). A real document
 * does not, so the marker tells the two apart without a list of files to keep up to date. Both
 * formats compress their text (PDF FlateDecode streams, ZIP deflate entries), and a PDF writes it
 * as hex strings, in WinAnsi on the page and in UTF-16BE in its metadata.
 */
const MARKER = 'Documento de ejemplo';

const hex = (bytes: Buffer): string => bytes.toString('hex');
const NEEDLES = [
  MARKER,
  hex(Buffer.from(MARKER, 'latin1')),
  hex(Buffer.from(MARKER, 'utf16le').swap16()), // UTF-16BE
].map((needle) => needle.toLowerCase());

/** Inflates what starts at `offset`, or nothing when it is not compressed (zlib stops at the stream's end). */
const inflated = (bytes: Buffer, offset: number, inflate: typeof inflateSync): Buffer[] => {
  try {
    return [inflate(bytes.subarray(offset))];
  } catch {
    return [];
  }
};

/** Where the compressed parts of a file begin: PDF streams, and ZIP entries stored with deflate. */
function compressedParts(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    for (const match of bytes.toString('latin1').matchAll(/(?<!end)stream\r?\n/g))
      parts.push(...inflated(bytes, match.index + match[0].length, inflateSync));
  } else if (bytes.readUInt32LE(0) === 0x04034b50) {
    for (let at = 0; (at = bytes.indexOf('PK\x03\x04', at, 'latin1')) >= 0; at += 4) {
      if (bytes.readUInt16LE(at + 8) !== 8) continue; // stored, not deflated: already readable
      const data = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
      parts.push(...inflated(bytes, data, inflateRawSync));
    }
  }
  return parts;
}

/** Whether a document (PDF, or an Office file such as .xlsx) says it is an example. */
export function isExampleDocument(bytes: Buffer): boolean {
  if (bytes.length < 5) return false;
  return [bytes, ...compressedParts(bytes)].some((part) => {
    const text = part.toString('latin1').toLowerCase();
    return NEEDLES.some((needle) => text.includes(needle));
  });
}
