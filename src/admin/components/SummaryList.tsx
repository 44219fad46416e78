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
