import { formatDateTime } from '../../../shared/time/format.ts';
import type { DenunciaMessage } from '../../../shared/denuncias/case/schema.ts';
import { DownloadButton } from './DownloadButton.tsx';

/** Who wrote each message, in words: a note is marked as one, not only by its colour. */
const authorLabels: Record<DenunciaMessage['author'], string> = {
  reporter: 'Denunciante',
  compliance: 'Mensaje al denunciante',
  note: 'Nota interna (no la ve el denunciante)',
};

/** The messages with the reporter and compliance's notes, oldest first. */
export function MessageThread({ reference, messages }: { reference: string; messages: DenunciaMessage[] }) {
  return (
    <section aria-labelledby="mensajes">
      <h2 id="mensajes">Mensajes y notas</h2>
      {messages.length === 0 ? (
        <p className="empty">Aún no hay mensajes ni notas.</p>
      ) : (
        <ol className="timeline">
          {messages.map((message) => (
            <li key={message.id} className={`timeline__entry desk-message desk-message--${message.author}`}>
              <p className="timeline__meta">
                <strong>{authorLabels[message.author]}</strong>
                <span>
                  {message.adminName ? `${message.adminName}, ` : ''}
                  {formatDateTime(message.createdAt)}
                </span>
              </p>
              <p className="timeline__body">{message.body}</p>
              {message.attachment && <DownloadButton reference={reference} file={message.attachment} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
