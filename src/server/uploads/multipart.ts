import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { refusals } from '../../shared/refusals.ts';
import { Invalid } from '../errors.ts';
import { invalidText, invalidTextIn, isCleanText } from '../input-text.ts';

export interface MultipartFile {
  fileName: string;
  bytes: Uint8Array;
  /** More bytes came than `maxFileBytes`: the file is cut and must be refused. */
  tooLarge: boolean;
}

export interface Multipart {
  fields: Record<string, string>;
  file?: MultipartFile;
}

const invalidMultipart = () => new Invalid(refusals.invalidMultipart);

/**
 * Reads a multipart/form-data body with busboy, streaming, within limits: one file part named
 * `fileField` kept up to `maxFileBytes`, at most 40 text fields of at most 10 KB. A truncated
 * or malformed body is Invalid, with a Spanish message; so is a NUL, a control character
 * or bytes that are not UTF-8 in a field's name or value or in the file's name (input-text.ts),
 * named by its field.
 */
export function parseMultipart(
  req: Request,
  { maxFileBytes, fileField = 'file' }: { maxFileBytes: number; fileField?: string },
): Promise<Multipart> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data') || !req.body) return Promise.reject(invalidMultipart());

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { fileName: string; parts: Buffer[]; tooLarge: boolean } | undefined;
    let bad = false;
    const fail = (error: Invalid = invalidMultipart()) => {
      if (!bad) reject(error);
      bad = true;
    };
    let busboy: Busboy.Busboy;
    try {
      // Browsers send file names in UTF-8; busboy would read them as Latin-1 ("versiÃ³n").
      busboy = Busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 40, fieldSize: 10_000, fileSize: maxFileBytes },
      });
    } catch {
      fail();
      return;
    }
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) fail();
      // busboy decodes bytes that are not UTF-8 as U+FFFD, which isCleanText refuses.
      if (!isCleanText(name, { multiLine: false })) fail(invalidText());
      else if (!isCleanText(value, { multiLine: true })) fail(invalidTextIn(name));
      fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== fileField) {
        stream.on('error', () => fail());
        stream.resume();
        return;
      }
      const received = { fileName: info.filename ?? '', parts: [] as Buffer[], tooLarge: false };
      if (!isCleanText(received.fileName, { multiLine: false })) fail(invalidTextIn(fileField));
      stream.on('data', (chunk: Buffer) => received.parts.push(chunk));
      stream.on('limit', () => (received.tooLarge = true));
      // A body cut inside the file fails the file stream as well as busboy.
      stream.on('error', () => fail());
      file = received;
    });
    busboy.on('error', () => fail());
    busboy.on('close', () => {
      if (bad) return;
      resolve(
        file
          ? {
              fields,
              file: {
                fileName: file.fileName,
                tooLarge: file.tooLarge,
                bytes: new Uint8Array(Buffer.concat(file.parts)),
              },
            }
          : { fields },
      );
    });
    const body = Readable.fromWeb(req.body as unknown as NodeReadableStream<Uint8Array>);
    body.on('error', () => fail());
    body.pipe(busboy);
  });
}
