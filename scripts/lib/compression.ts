import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

/**
 * `npm start` compresses answers as Netlify's CDN does, so that local Lighthouse and
 * transfer figures mean what production's do: brotli or gzip by the request's Accept-Encoding, for
 * text types only (images, video, PDFs and fonts in woff2 are compressed already).
 */

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/(json|javascript|xml|manifest\+json|[\w.-]+\+(json|xml)))/i;
// Below this the headers outweigh the saving; a body of unknown length (a stream) is compressed.
const MIN_LENGTH = 1024;

/** The encoding to answer with: brotli first, as browsers and Netlify prefer it, then gzip. */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepted = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

function compressible(request: Request, response: Response): boolean {
  if (!response.body || request.method === 'HEAD') return false;
  if ([204, 206, 304].includes(response.status)) return false;
  if (response.headers.has('content-encoding')) return false;
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) < MIN_LENGTH) return false;
  return COMPRESSIBLE.test(response.headers.get('content-type') ?? '');
}

function withEncoding(response: Response, body: BodyInit, encoding: Encoding): Response {
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function varyOnly(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Static files: compressed once at the highest level, as Netlify serves its pre-compressed
 * files, and kept by their contents' hash, so a rebuilt file is compressed again.
 */
export function createStaticCompressor(): (request: Request, response: Response) => Promise<Response> {
  const cache = new Map<string, Buffer>();
  return async (request, response) => {
    if (!compressible(request, response)) return response;
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return varyOnly(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.byteLength < MIN_LENGTH) return varyOnly(new Response(bytes, response));
    const key = `${encoding}:${createHash('sha1').update(bytes).digest('hex')}`;
    let compressed = cache.get(key);
    if (!compressed) {
      compressed =
        encoding === 'br'
          ? brotliCompressSync(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
            })
          : gzipSync(bytes, { level: 9 });
      cache.set(key, compressed);
    }
    return withEncoding(response, new Uint8Array(compressed), encoding);
  };
}

/**
 * Function answers: compressed as they stream (the CSV export is long), at the fast levels a CDN
 * uses for dynamic content, so a request waits for no more than its own bytes.
 */
export function compressStream(request: Request, response: Response): Response {
  if (!compressible(request, response)) return response;
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return varyOnly(response);
  const compressor =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
  const source = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  const compressed = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>;
  return withEncoding(response, compressed, encoding);
}
