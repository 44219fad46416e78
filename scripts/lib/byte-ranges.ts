import parseRange from 'range-parser';

/**
 * `npm start` answers a Range request for a static file as Netlify's CDN does: 206 with the bytes
 * asked for. A browser's video player asks for ranges (Safari plays no video from a server that
 * ignores them), and a player given the whole file instead keeps its download open (Chromium held
 * /video's network busy for 20 s). One range at a time, as browsers ask; several overlapping or
 * adjacent ones are combined, others get the whole file (a server may always answer 200). An
 * encoded answer is whole: ranges would count bytes of the encoding.
 */
export async function withByteRanges(request: Request, response: Response): Promise<Response> {
  if (response.status !== 200 || !['GET', 'HEAD'].includes(request.method)) return response;
  if (response.headers.has('content-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.set('accept-ranges', 'bytes');
  const range = request.headers.get('range');
  if (!range || request.method === 'HEAD') return new Response(response.body, { status: 200, headers });

  const bytes = new Uint8Array(await response.arrayBuffer());
  const ranges = parseRange(bytes.byteLength, range, { combine: true });
  if (ranges === -1) {
    headers.set('content-range', `bytes */${bytes.byteLength}`);
    headers.delete('content-length');
    return new Response(null, { status: 416, headers });
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1)
    return new Response(bytes, { status: 200, headers });
  const { start, end } = ranges[0]!;
  headers.set('content-range', `bytes ${start}-${end}/${bytes.byteLength}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(bytes.slice(start, end + 1), { status: 206, headers });
}
