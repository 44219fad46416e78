import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../shared/billing-texts.ts';
import {
  caseKinds,
  caseStatuses,
  longDate,
  OPEN_STATUSES,
  type CaseStatus,
  type FollowUp,
} from '../../shared/cases.ts';

const steps = Object.entries(caseStatuses) as [CaseStatus, string][];

/**
 * A case a citizen looked up on /seguimiento: its progress, its dates and the replies mailed to
 * them, and nothing else (issue 15). Replies are shown as text, their line breaks kept.
 */
export function FollowUpCase({ followUp }: { followUp: FollowUp }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The answer appears below the form: move there, as the error summary does for a problem.
  useEffect(() => heading.current?.focus(), []);

  const { kind, reference, status, received_at, due_on, answered_at, closed_at, replies } = followUp;
  const current = steps.findIndex(([step]) => step === status);
  const open = OPEN_STATUSES.includes(status);
  // Staff may close a case without answering it: Respondido is passed only if it was answered.
  const passed = (step: CaseStatus, index: number) => index < current && (step !== 'respondido' || !!answered_at);

  return (
    <section className="follow-up" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title" ref={heading} tabIndex={-1}>
        Caso {reference}
      </h2>
      <ol className="steps" aria-label="Etapas del caso">
        {steps.map(([step, label], index) => {
          const state = index === current ? 'current' : passed(step, index) ? 'passed' : 'pending';
          return (
            <li
              key={step}
              className={`steps__step steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {label}
              {state === 'current' && <span className="visually-hidden"> (etapa actual)</span>}
              {state === 'passed' && <span className="visually-hidden"> (etapa cumplida)</span>}
            </li>
          );
        })}
      </ol>
      <dl className="follow-up__facts">
        <div>
          <dt>Tipo de caso</dt>
          <dd>{caseKinds[kind]}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{caseStatuses[status]}</dd>
        </div>
        <div>
          <dt>Fecha de recepción</dt>
          <dd>{formatDateTime(received_at)}</dd>
        </div>
        {answered_at && (
          <div>
            <dt>Fecha de respuesta</dt>
            <dd>{formatDateTime(answered_at)}</dd>
          </div>
        )}
        {closed_at && (
          <div>
            <dt>Fecha de cierre</dt>
            <dd>{formatDateTime(closed_at)}</dd>
          </div>
        )}
      </dl>
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
    </section>
  );
}
