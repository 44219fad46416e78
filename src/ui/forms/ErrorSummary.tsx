import { useEffect, useId, useRef } from 'react';

interface ErrorSummaryProps {
  /** Field id → message, in the order the fields appear. */
  errors: Record<string, string>;
  labels: Record<string, string>;
}

/** Lists every error with a link to its field and takes focus, so keyboard and screen reader users land on it. */
export function ErrorSummary({ errors, labels }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Its own id: a screen with two forms (a note and a reply) may show two summaries at once.
  const titleId = useId();
  const entries = Object.keys(labels).filter((id) => errors[id]);

  useEffect(() => {
    if (entries.length > 0) ref.current?.focus();
  }, [errors]);

  if (entries.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>Hay un problema</h2>
      <ul>
        {entries.map((id) => (
          <li key={id}>
            <a href={`#${id}`}>
              {labels[id]}: {errors[id]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
