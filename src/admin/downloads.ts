/**
 * Saves a Blob under a name: a file an admin endpoint sends needs the bearer header, so a plain
 * link cannot fetch it (the payments' CSV, a case's attachment).
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
