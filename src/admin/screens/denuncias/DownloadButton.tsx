import { useState } from 'react';
import { notify } from '../../../ui/notifications.ts';
import { apiDownload, failureMessage } from '../../api-client.ts';
import { saveFile } from '../../../ui/downloads.ts';
import { filePath } from './desk-api.ts';

const sizeFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });
const fileSize = (bytes: number) =>
  bytes < 1_000_000
    ? `${sizeFormat.format(Math.max(1, Math.round(bytes / 1_000)))} KB`
    : `${sizeFormat.format(bytes / 1_000_000)} MB`;

/**
 * A file of the denuncia, its name and size, and Descargar: never public, so it is fetched with
 * the bearer token and saved under the name the reporter's file had.
 */
export function DownloadButton({
  reference,
  file,
}: {
  reference: string;
  file: { id: string; fileName: string; size: number };
}) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const { blob } = await apiDownload(filePath(reference, file.id), file.fileName);
      saveFile(blob, file.fileName);
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="desk-file">
      <span>
        {file.fileName} <span className="muted">({fileSize(file.size)})</span>
      </span>
      <button type="button" className="button button--secondary" disabled={pending} onClick={() => void download()}>
        {pending && <span className="spinner" aria-hidden="true" />}
        Descargar<span className="visually-hidden"> {file.fileName}</span>
      </button>
    </span>
  );
}
