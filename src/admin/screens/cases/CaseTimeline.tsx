import { formatDateTime } from '../../../shared/time/format.ts';
import type { CaseEntry } from '../../../shared/cases/schema.ts';

const entryKinds: Record<CaseEntry['kind'], string> = {
  note: 'Nota interna',
  reply: 'Respuesta enviada al ciudadano',
};

/** The case's notes and replies, oldest first, each with who wrote it and when. */
export function CaseTimeline({ entries }: { entries: CaseEntry[] }) {
  return (
    <section aria-labelledby="historial">
      <h2 id="historial">Historial</h2>
      {entries.length === 0 ? (
        <p className="empty">Aún no hay notas ni respuestas.</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry) => (
            <li key={entry.id} className={`timeline__entry timeline__entry--${entry.kind}`}>
              <p className="timeline__meta">
                <strong>{entryKinds[entry.kind]}</strong>
                <span>
                  {entry.admin_name}, {formatDateTime(entry.created_at)}
                </span>
              </p>
              <p className="timeline__body">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
