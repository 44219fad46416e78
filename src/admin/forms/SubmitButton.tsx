/** The form's button: disabled with a spinner while it sends (spec §4: buttons disabled while loading). */
export function SubmitButton({
  pending,
  label,
  pendingLabel = 'Guardando…',
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
}) {
  return (
    <button type="submit" className="button" disabled={pending}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}
