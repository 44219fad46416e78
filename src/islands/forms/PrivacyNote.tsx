/**
 * The line beside every public form's submit button: a form that collects personal data links to
 * the privacy notice, at the part that says what this form collects (Ley 21.719). `section` is
 * that part's heading id in content/pages/privacidad.mdx; the link checker fails on a wrong one.
 */
export function PrivacyNote({ section }: { section: string }) {
  return (
    <p className="form__privacy">
      Cómo tratamos sus datos: <a href={`/privacidad#${section}`}>Política de privacidad</a>.
    </p>
  );
}
