import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressStream, createStaticCompressor, negotiateEncoding } from '../../scripts/lib/compression.ts';

/** `npm start` compresses text answers by Accept-Encoding, as Netlify's CDN does. */

const page = `<!doctype html><title>Aguas</title>${'<p>Agua potable para Aysén</p>'.repeat(200)}`;
const html = () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
const get = (acceptEncoding?: string) =>
  new Request('http://localhost/', acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    [null, null],
  ])('%s → %s', (header, expected) => expect(negotiateEncoding(header)).toBe(expected));
});

describe('static files', () => {
  const compress = createStaticCompressor();

  it('sends brotli when accepted, and the same bytes again from its cache', async () => {
    const first = await compress(get('gzip, br'), html());
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(bytes).toString()).toBe(page);
    const again = await compress(get('br'), html());
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
  });

  it('sends gzip to a client without brotli, and the headers it had', async () => {
    const answer = await compress(
      get('gzip'),
      new Response(page, { status: 404, headers: { 'content-type': 'text/html', 'x-frame-options': 'SAMEORIGIN' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(page);
  });

  it('sends the file as it is without Accept-Encoding, to HEAD, for images and for tiny files', async () => {
    expect((await compress(get(), html())).headers.get('content-encoding')).toBeNull();
    expect(
      (
        await compress(
          new Request('http://localhost/', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }),
          html(),
        )
      ).headers.get('content-encoding'),
    ).toBeNull();
    const image = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/avif' } });
    expect((await compress(get('br'), image)).headers.get('content-encoding')).toBeNull();
    const tiny = await compress(get('br'), new Response('{"ok":true}', { headers: { 'content-type': 'text/plain' } }));
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('{"ok":true}');
  });
});

describe('function answers', () => {
  it('stream compressed JSON and CSV by Accept-Encoding', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${i};100001;18990\n`).join('');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of rows.match(/[^\n]*\n/g)!) controller.enqueue(new TextEncoder().encode(line));
        controller.close();
      },
    });
    const csv = compressStream(get('br'), new Response(stream, { headers: { 'content-type': 'text/csv' } }));
    expect(csv.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe(rows);
    const json = compressStream(
      get('gzip'),
      Response.json({ items: rows.split('\n') }, { headers: { 'cache-control': 'no-store' } }),
    );
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await json.arrayBuffer())).toString())).toEqual({
      items: rows.split('\n'),
    });
  });

  it('leave an answer already encoded, without a body, or marked no-transform as it is', () => {
    const encoded = new Response('x', { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } });
    expect(compressStream(get('br'), encoded)).toBe(encoded);
    const empty = new Response(null, { status: 204 });
    expect(compressStream(get('br'), empty)).toBe(empty);
    const raw = new Response('x', { headers: { 'content-type': 'text/plain', 'cache-control': 'no-transform' } });
    expect(compressStream(get('br'), raw)).toBe(raw);
  });
});
