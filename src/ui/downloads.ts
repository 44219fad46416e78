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
