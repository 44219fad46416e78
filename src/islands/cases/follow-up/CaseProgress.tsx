import { useEffect, useRef, type ReactNode } from 'react';

export type StepState = 'passed' | 'current' | 'pending';

interface CaseProgressProps {
  /** The heading's id, which names the section. */
  titleId: string;
  /** "Caso …", "Denuncia …". */
  title: string;
  /** The stepper's accessible name. */
  stepsLabel: string;
  steps: { label: string; state: StepState }[];
  /** Term and value of each fact, in order; a fact without value is left out. */
  facts: [term: string, value: string | undefined][];
  /** What follows the facts: the case's messages and what the visitor may do. */
  children: ReactNode;
}

/**
 * A case a visitor opened with its reference or code (/seguimiento, /denuncias/seguimiento): its
 * title, which takes focus as it appears below the form (as the error summary does for a
 * problem), its stages and its dates.
 */
export function CaseProgress({ titleId, title, stepsLabel, steps, facts, children }: CaseProgressProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="follow-up" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <ol className="steps" aria-label={stepsLabel}>
        {steps.map(({ label, state }) => (
          <li
            key={label}
            className={`steps__step steps__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {label}
            {state === 'current' && <span className="visually-hidden"> (etapa actual)</span>}
            {state === 'passed' && <span className="visually-hidden"> (etapa cumplida)</span>}
          </li>
        ))}
      </ol>
      <dl className="follow-up__facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== undefined)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {children}
    </section>
  );
}
