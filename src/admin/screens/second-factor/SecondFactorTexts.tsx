import { useEffect, useState } from 'react';
import type { TotpEnrolment } from '../../../shared/auth/schema.ts';
import { totpQrSvg } from './totp-qr.ts';

/** The key in groups of four, as authenticator apps show it: easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/**
 * What enrolling TOTP asks, at a first sign-in and in an invitation: a QR code of the otpauth://
 * URI to scan, the key as text to type into an authenticator app that cannot scan, and the URI as
 * a link that an app on this device opens.
 */
export function TotpEnrolmentText({ totp }: { totp: TotpEnrolment }) {
  return (
    <>
      <p>
        Su cuenta necesita un segundo factor. En su teléfono, abra una aplicación de autenticación (por ejemplo Google
        Authenticator, Microsoft Authenticator o FreeOTP), elija agregar una cuenta y escanee este código QR:
      </p>
      <TotpQrCode uri={totp.uri} />
      <p>O elija ingresar una clave de configuración e ingrese esta clave:</p>
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

/** The QR code, in a room of its own size from the first render; none if its code cannot load (the key is there). */
function TotpQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>();
  useEffect(() => {
    let shown = true;
    totpQrSvg(uri).then(
      (made) => shown && setSvg(made),
      () => shown && setSvg(null),
    );
    return () => {
      shown = false;
    };
  }, [uri]);
  if (svg === null) return null;
  return (
    <div
      className="second-factor__qr"
      role="img"
      aria-label="Código QR de la clave de configuración"
      // The library's SVG of our own URI: no text of anyone's.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

const CODES_FILE = 'codigos-de-recuperacion.txt';

/** The 10 recovery codes, shown once after an enrolment, with a copy and a download to keep them. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [kept, setKept] = useState('');
  const text = `Códigos de recuperación del segundo factor. Cada uno sirve una sola vez.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setKept('Códigos copiados. Péguelos en un lugar seguro, como un gestor de contraseñas.');
    } catch {
      setKept('No se pudieron copiar: descárguelos o anótelos.');
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = CODES_FILE;
    link.click();
    URL.revokeObjectURL(link.href);
    setKept(`Códigos descargados en el archivo ${CODES_FILE}.`);
  };
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
      <p className="second-factor__keep">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copiar los códigos
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          Descargar los códigos
        </button>
      </p>
      <p role="status">{kept}</p>
      <button type="button" className="button" onClick={onDone}>
        Ya los guardé, continuar
      </button>
    </section>
  );
}
