import type { TotpEnrolment } from '../../../shared/auth/schema.ts';

/** The key in groups of four, as authenticator apps show it: easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/**
 * What enrolling TOTP asks, at a first sign-in and in an invitation: the key as text to
 * type into an authenticator app, and the same as an otpauth:// link that an app on this device
 * opens. No QR code: the key is enough for every app.
 */
export function TotpEnrolmentText({ totp }: { totp: TotpEnrolment }) {
  return (
    <>
      <p>
        Su cuenta necesita un segundo factor. En su teléfono, abra una aplicación de autenticación (por ejemplo Google
        Authenticator, Microsoft Authenticator o FreeOTP), elija agregar una cuenta con una clave de configuración e
        ingrese esta clave:
      </p>
      <p className="second-factor__key">
        <code aria-label="Clave de configuración">{grouped(totp.secret)}</code>
      </p>
      <p>
        Si la aplicación está en este mismo dispositivo, puede <a href={totp.uri}>abrirla con la clave ya ingresada</a>.
        Luego escriba el código de 6 dígitos que la aplicación muestra.
      </p>
    </>
  );
}

/** The 10 recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Sus códigos de recuperación</h2>
      <p>
        Guárdelos en un lugar seguro: cada uno sirve una sola vez en lugar del código de la aplicación, si pierde su
        teléfono. No se volverán a mostrar.
      </p>
      <ul className="second-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onDone}>
        Ya los guardé, continuar
      </button>
    </section>
  );
}
