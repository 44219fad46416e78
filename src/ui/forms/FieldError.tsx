/** A field's error, with the visually hidden "Error:" prefix (GOV.UK Frontend); `id` is `<field>-error`. */
export function FieldError({ field, message }: { field: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${field}-error`} className="field__error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}
