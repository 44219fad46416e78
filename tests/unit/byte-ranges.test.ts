import { describe, expect, it } from 'vitest';
import { withByteRanges } from '../../scripts/lib/byte-ranges.ts';

// `npm start` serves files by byte ranges, as Netlify's CDN does: a video player asks for them.
const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
const video = () => new Response(bytes, { headers: { 'content-type': 'video/mp4', 'content-length': '1000' } });
const get = (range?: string, method = 'GET') =>
  new Request('http://localhost/video/corporativo.mp4', { method, ...(range ? { headers: { range } } : {}) });

describe('withByteRanges', () => {
  it('answers one range with 206, its bytes and where they sit in the file', async () => {
    const answer = await withByteRanges(get('bytes=100-199'), video());
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(answer.headers.get('content-length')).toBe('100');
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes.slice(100, 200));
  });

  it('reads an open range to the end, and a suffix as the last bytes', async () => {
    const open = await withByteRanges(get('bytes=990-'), video());
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(990));
    const suffix = await withByteRanges(get('bytes=-2'), video());
    expect(suffix.headers.get('content-range')).toBe('bytes 998-999/1000');
  });

  it('says it takes ranges on a whole answer, and sends the whole file without a Range', async () => {
    const answer = await withByteRanges(get(), video());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect((await answer.arrayBuffer()).byteLength).toBe(1000);
  });

  it('refuses a range past the end with 416 and the file size', async () => {
    const answer = await withByteRanges(get('bytes=2000-3000'), video());
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe('bytes */1000');
  });

  it('sends the whole file for a malformed range or several apart', async () => {
    for (const range of ['bytes=abc', 'items=0-10', 'bytes=0-9,500-509']) {
      const answer = await withByteRanges(get(range), video());
      expect(answer.status, range).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, range).toBe(1000);
    }
    // Adjacent ones are one range.
    const adjacent = await withByteRanges(get('bytes=0-9,10-19'), video());
    expect(adjacent.headers.get('content-range')).toBe('bytes 0-19/1000');
  });

  it('leaves an encoded answer, an error and a POST whole', async () => {
    const encoded = new Response('abc', { headers: { 'content-encoding': 'br' } });
    expect((await withByteRanges(get('bytes=0-0'), encoded)).status).toBe(200);
    expect((await withByteRanges(get('bytes=0-0'), new Response('no', { status: 404 }))).status).toBe(404);
    expect((await withByteRanges(get('bytes=0-0', 'POST'), video())).status).toBe(200);
  });
});
