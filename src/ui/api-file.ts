import { failed, NETWORK_FAILURE, send, type ApiFailed, type CallOptions } from './api.ts';
import { fileNameOf } from './downloads.ts';

// Its own module: the many islands that call callApi do not carry it (their pages' JS budgets).

/**
 * callApi for an answer that is a file (a rights export): its bytes and the name its
 * Content-Disposition gives (RFC 6266: the UTF-8 name when there is one), or a failure as callApi
 * gives it.
 */
export async function callApiForFile(
  url: string,
  fallbackName: string,
  options: CallOptions = {},
): Promise<{ ok: true; blob: Blob; fileName: string } | ApiFailed> {
  const response = await send(url, options, 'application/octet-stream, application/json');
  if (!response) return NETWORK_FAILURE;
  try {
    if (response.ok) return { ok: true, blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
    return await failed(response.status, await response.json().catch(() => null));
  } catch {
    return NETWORK_FAILURE;
  }
}
