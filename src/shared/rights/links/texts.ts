/**
 * The words the islands of the two pages a request's mails link to show (the confirmation of the
 * e-mail, the export's download), in a module only they import: as rights/form/texts.ts says, what
 * the admin's rights desk reads from rights/texts.ts would otherwise come into their JavaScript.
 * rights/texts.ts re-exports these for everyone else.
 */

/** The confirmation of the e-mail, from the link in the mail (/privacidad/derechos/confirmar). */
export const confirmTexts = {
  title: 'Confirmar su correo electrónico',
  button: 'Confirmar mi correo',
  sending: 'Confirmando…',
  confirmed: (reference: string) =>
    `Gracias: confirmamos su correo electrónico. Ya estamos revisando su solicitud ${reference}; puede seguirla en Seguimiento de casos.`,
  invalid:
    'Este enlace de confirmación no es válido, ya se usó o venció. Si ya confirmó su correo, no necesita hacer nada; si no, envíe una nueva solicitud.',
  missing: 'Falta el código de confirmación: abra el enlace completo que le enviamos por correo.',
} as const;

/** The download page of an export (/privacidad/derechos/descarga). */
export const exportTexts = {
  title: 'Descargar sus datos personales',
  description: 'Descargue el archivo con los datos personales que tenemos sobre usted.',
  intro:
    'Aquí puede descargar, en un archivo ZIP, los datos personales que tenemos sobre usted. El enlace sirve una sola vez: guarde el archivo en su equipo.',
  button: 'Descargar mis datos',
  sending: 'Preparando la descarga…',
  saved:
    'Su navegador descargó el archivo. Este enlace ya no sirve de nuevo: si necesita sus datos otra vez, envíe una nueva solicitud.',
  missing: 'Falta el código del enlace. Ábralo desde el correo que le enviamos.',
  fileName: (reference: string) => `datos-personales-${reference}.zip`,
} as const;
