/** The button of the page a high-consumption warning's opt-out link opens (/consumo/avisos/baja). */
export const warningLinkTexts = {
  button: 'No recibir más avisos',
  sending: 'Guardando…',
  missing: 'Falta el código del enlace. Ábralo desde el correo del aviso de consumo alto.',
} as const;
