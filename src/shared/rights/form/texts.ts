/**
 * The words the rights form's island shows (/privacidad/derechos), in a module only it imports.
 * Every client entry that imports a module shares one chunk of all that any of them uses of it:
 * from rights/texts.ts, which the other rights islands and the admin's rights desk read too, the
 * desk's rightTypes and rightsMessages, and the other islands' words, came into this page's
 * JavaScript (1.1 KB of the text form pages' budget of 75 KB, which it then exceeded).
 * rights/texts.ts re-exports these for everyone else.
 */

export const rightsTexts = {
  pageTitle: 'Ejercer sus derechos sobre sus datos personales',
  typeLegend: '¿Qué derecho desea ejercer?',
  detailsHint:
    'Cuéntenos qué necesita. Si su solicitud se refiere a un trámite hecho en este sitio, indique su número de referencia (por ejemplo, REC-7K3M9Q2X).',
  rutHint: 'Opcional: nos ayuda a encontrar sus datos, por ejemplo 12.345.678-5.',
  serviceNumberHint: 'Opcional: el número de servicio que aparece en su boleta.',
  /** Shown after sending: the reference, then `sent` with the due date, or the page's `confirmationNotSentTexts`. */
  received: (reference: string) => `Recibimos su solicitud con el número de referencia ${reference}.`,
  sent: (dueDay: string) =>
    `Le enviamos un correo para confirmar su dirección: ábralo y siga el enlace. Le responderemos a más tardar el ${dueDay}.`,
  confirmFirst:
    'Por su seguridad, no revisaremos ni enviaremos ningún dato hasta que confirme su correo electrónico con el enlace que le enviamos.',
} as const;
