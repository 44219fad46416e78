/** Spanish texts the spec fixes word for word (§4, §8), shared by islands and functions. */
export const messages = {
  sent: 'Mensaje enviado.',
  genericError: 'Ha ocurrido un error. Por favor intente más tarde.',
  unavailable: 'Este servicio no está disponible por ahora. Por favor intente más tarde.',
  invalidForm: 'Revise los datos del formulario.',
} as const;
