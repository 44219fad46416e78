/** What a screen shows while its data loads. */
export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <p role="status" className="loading">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
