import { formatDateTime } from '../../../shared/time/format.ts';
import { longDate } from '../../../shared/time/long-date.ts';
import {
  caseKinds,
  caseStatuses,
  OPEN_STATUSES,
  type CaseStatus,
  type FollowUp,
} from '../../../shared/cases/schema.ts';
import { CaseProgress } from './CaseProgress.tsx';

const steps = Object.entries(caseStatuses) as [CaseStatus, string][];

/**
 * A case a citizen looked up on /seguimiento: its progress, its dates and the replies mailed to
 * them, and nothing else. Replies are shown as text, their line breaks kept.
 */
export function FollowUpCase({ followUp }: { followUp: FollowUp }) {
  const { kind, reference, status, received_at, due_on, answered_at, closed_at, replies } = followUp;
  const current = steps.findIndex(([step]) => step === status);
  const open = OPEN_STATUSES.includes(status);
  // Staff may close a case without answering it: Respondido is passed only if it was answered.
  const passed = (step: CaseStatus, index: number) => index < current && (step !== 'respondido' || !!answered_at);

  return (
    <CaseProgress
      titleId="follow-up-title"
      title={`Caso ${reference}`}
      stepsLabel="Etapas del caso"
      steps={steps.map(([step, label], index) => ({
        label,
        state: index === current ? 'current' : passed(step, index) ? 'passed' : 'pending',
      }))}
      facts={[
        ['Tipo de caso', caseKinds[kind]],
        ['Estado', caseStatuses[status]],
        ['Fecha de recepción', formatDateTime(received_at)],
        ['Fecha de respuesta', answered_at ? formatDateTime(answered_at) : undefined],
        ['Fecha de cierre', closed_at ? formatDateTime(closed_at) : undefined],
      ]}
    >
      {open && due_on && <p className="notice">Le responderemos a más tardar el {longDate(due_on)}.</p>}
      <h3>Respuestas</h3>
      {replies.length > 0 ? (
        <ol className="follow-up__replies">
          {replies.map((reply, index) => (
            <li key={index}>
              <p className="follow-up__reply-date">Respuesta del {formatDateTime(reply.created_at)}</p>
              <p className="follow-up__reply-body">{reply.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          {open
            ? 'Aún no le hemos respondido. Cuando lo hagamos, recibirá la respuesta en su correo y también la verá aquí.'
            : 'Este caso no tiene respuestas escritas.'}
        </p>
      )}
    </CaseProgress>
  );
}
