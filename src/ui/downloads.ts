/**
 * Saves a Blob under a name: a file an admin endpoint sends needs the bearer header, and a
 * rights export's download is a POST of its token, so a plain link can fetch neither (the
 * payments' CSV, a case's attachment, /privacidad/derechos/descarga).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The name a file answer's Content-Disposition gives (RFC 6266: the UTF-8 one when there is one). */
export function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName);
}
