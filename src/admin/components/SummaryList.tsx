import type { ReactNode } from 'react';

/** Labelled values, a pair a line (GOV.UK's summary list): a bill's details, the filters chosen. */
export function SummaryList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section of a record's screen: its heading, which names it, and its labelled values. */
export function SummarySection({
  id,
  title,
  rows,
  className,
  children,
}: {
  id: string;
  title: string;
  rows: readonly (readonly [label: string, value: ReactNode])[];
  className?: string;
  /** Below the values: the actions on them. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id}>{title}</h2>
      <SummaryList rows={rows} />
      {children}
    </section>
  );
}
