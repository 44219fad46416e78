/**
 * The words of the acknowledgement a citizen receives after a public form (src/server/cases/
 * open-case.ts). Anyone can type anyone's address into a form, so the mail opens with the
 * utility's own words, says what to do if one did not send it, and quotes below, marked as such,
 * what the visitor wrote: a stranger's text is never the first thing in it.
 */
export const acknowledgementTexts = {
  received: (what: string, day: string, reference: string) =>
    `Recibimos ${what} el ${day}. Su número de referencia es ${reference}.`,
  answerBy: (day: string) => `Le responderemos por escrito a más tardar el ${day}.`,
  followUp: 'Puede seguir su caso en esta página, con su número de referencia y este correo electrónico:',
  notYou: (what: string) =>
    `Si usted no envió ${what}, no necesita hacer nada: alguien escribió esta dirección en un formulario de nuestro sitio.`,
  quotedHeading: 'Datos recibidos, tal como se escribieron en el formulario:',
  name: 'Nombre',
  automatic: 'Este correo se envió automáticamente: para escribirnos, use el formulario de contacto del sitio.',
} as const;

/** A visitor's text quoted in a mail: every line marked, as mail clients show a quotation. */
export const quoted = (text: string): string[] => text.split(/\r?\n/).map((line) => `> ${line}`);
