import { formatDate } from '../../../shared/time/format.ts';
import { deadlineLabels, type Deadline } from '../../../shared/denuncias/case/schema.ts';

/** Each state in words; overdue and due-soon also in a badge's colour, never the colour alone. */
const stateWords: Record<Deadline['state'], string> = {
  overdue: 'Vencido',
  'due-soon': 'Vence pronto',
  met: 'Cumplido',
  pending: 'Pendiente',
};

export function DeadlineState({ state }: { state: Deadline['state'] }) {
  if (state === 'overdue') return <span className="badge badge--overdue">{stateWords.overdue}</span>;
  if (state === 'due-soon') return <span className="badge badge--soon">{stateWords['due-soon']}</span>;
  return <span className="muted">{stateWords[state]}</span>;
}

/** A denuncia's deadlines: acknowledgement, feedback and, for Ley Karin, the investigation. */
export function Deadlines({ deadlines }: { deadlines: Deadline[] }) {
  return (
    <ul className="desk-deadlines">
      {deadlines.map((deadline) => (
        <li key={deadline.kind}>
          <span>
            {deadlineLabels[deadline.kind]}: <span className="nowrap">{formatDate(deadline.due)}</span>
          </span>
          <DeadlineState state={deadline.state} />
        </li>
      ))}
    </ul>
  );
}
