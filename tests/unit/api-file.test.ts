import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApiForFile } from '../../src/ui/api-file.ts';

/** callApiForFile: the rights export's download page saves what it answers (src/islands/rights/ExportDownload.tsx). */

afterEach(() => vi.unstubAllGlobals());

const answer = (response: Response | Error) => {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('callApiForFile', () => {
  it('POSTs the JSON and answers the bytes with the name the server gave, in UTF-8 when it gave one', async () => {
    const fetch = answer(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'Content-Disposition': `attachment; filename="datos-Pena.zip"; filename*=UTF-8''datos-Pe%C3%B1a.zip`,
        },
      }),
    );
    const result = await callApiForFile('/api/derechos/descarga', 'datos.zip', {
      method: 'POST',
      json: { token: 't' },
    });
    expect(fetch).toHaveBeenCalledWith('/api/derechos/descarga', {
      method: 'POST',
      headers: { Accept: 'application/octet-stream, application/json', 'Content-Type': 'application/json' },
      body: '{"token":"t"}',
      signal: null,
    });
    expect(result).toMatchObject({ ok: true, fileName: 'datos-Peña.zip' });
    expect(result.ok && [...new Uint8Array(await result.blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  it('takes the plain name, or the fallback without any', async () => {
    answer(new Response('x', { headers: { 'Content-Disposition': 'attachment; filename="datos.zip"' } }));
    expect(await callApiForFile('/x', 'otro.zip')).toMatchObject({ ok: true, fileName: 'datos.zip' });
    answer(new Response('x'));
    expect(await callApiForFile('/x', 'otro.zip')).toMatchObject({ ok: true, fileName: 'otro.zip' });
  });

  it("answers a failure's texts as callApi does, and status 0 when the network is down", async () => {
    const gone = { success: false, error: 'Este enlace ya se usó.', message: 'Este enlace ya se usó.' };
    answer(Response.json(gone, { status: 404 }));
    expect(await callApiForFile('/x', 'datos.zip')).toEqual({ ok: false, status: 404, failure: gone });
    answer(new Response('<html>', { status: 502 }));
    expect(await callApiForFile('/x', 'datos.zip')).toEqual({ ok: false, status: 502, failure: {} });
    answer(new TypeError('Failed to fetch'));
    expect(await callApiForFile('/x', 'datos.zip')).toEqual({ ok: false, status: 0, failure: {} });
  });
});
