/**
 * The line beside every public form's submit button: a form that collects personal data links to
 * the privacy notice, at the part that says what this form collects (Ley 21.719), and to the form
 * where a person exercises their rights over that data (/privacidad/derechos; the path is written
 * here, not imported from src/shared/rights/texts.ts, whose texts would come into every form's
 * JavaScript). `section` is that part's heading id in content/pages/privacidad.mdx; the link
 * checker fails on a wrong one. The rights form itself passes `rights={false}`: it is that form.
 */
export function PrivacyNote({ section, rights = true }: { section: string; rights?: boolean }) {
  return (
    <p className="form__privacy">
      Cómo tratamos sus datos: <a href={`/privacidad#${section}`}>Política de privacidad</a>.
      {rights && (
        <>
          {' '}
          <a href="/privacidad/derechos">Ejercer sus derechos</a>.
        </>
      )}
    </p>
  );
}
