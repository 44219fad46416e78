import { useState } from 'react';
import type { CaseDetail } from '../../../shared/cases/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { apiDownload, failureMessage } from '../../api-client.ts';
import { saveFile } from '../../../ui/downloads.ts';
import { attachmentPath } from './case-api.ts';

const sizeFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });
const fileSize = (bytes: number) =>
  bytes < 1_000_000
    ? `${sizeFormat.format(Math.max(1, Math.round(bytes / 1_000)))} KB`
    : `${sizeFormat.format(bytes / 1_000_000)} MB`;

/** The files the citizen sent (a CV): never public, so staff download them with their token. */
export function CaseAttachments({ caseId, attachments }: { caseId: string; attachments: CaseDetail['attachments'] }) {
  const [pending, setPending] = useState<string | null>(null);

  const download = async (attachment: CaseDetail['attachments'][number]) => {
    setPending(attachment.id);
    try {
      const { blob } = await apiDownload(attachmentPath(caseId, attachment.id), attachment.name);
      // Saved under the name the citizen's file had: the server's header carries a plain-ASCII one.
      saveFile(blob, attachment.name);
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="archivos">
      <h2 id="archivos">Archivos adjuntos</h2>
      <ul className="case-files">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <span>
              {attachment.name} <span className="muted">({fileSize(attachment.size)})</span>
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={pending === attachment.id}
              onClick={() => void download(attachment)}
            >
              {pending === attachment.id && <span className="spinner" aria-hidden="true" />}
              Descargar<span className="visually-hidden"> {attachment.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
