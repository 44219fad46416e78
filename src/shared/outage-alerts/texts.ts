/** The buttons of the pages an alert subscription's mails link to (/cortes/alertas/confirmar, /baja). */
export const alertLinkTexts = {
  confirmar: { button: 'Confirmar suscripción', sending: 'Confirmando…' },
  baja: { button: 'Anular suscripción', sending: 'Anulando…' },
  missing: 'Falta el código del enlace. Ábralo desde el correo que le enviamos.',
} as const;
