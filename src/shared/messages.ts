/** Spanish texts the spec fixes word for word (§4, §8), shared by islands and functions. */
export const messages = {
  sent: 'Mensaje enviado.',
  genericError: 'Ha ocurrido un error. Por favor intente más tarde.',
  unavailable: 'Este servicio no está disponible por ahora. Por favor intente más tarde.',
  invalidForm: 'Revise los datos del formulario.',
  invalidJson: 'La solicitud no es un JSON válido.',
  /** A NUL, another control character or bytes that are not UTF-8 in any field. */
  invalidText: 'El texto contiene caracteres no válidos.',
  notJson: 'La solicitud debe enviarse como JSON (application/json).',
  invalidMultipart: 'La solicitud no es un formulario válido o llegó incompleta.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  methodNotAllowed: 'Método no permitido.',
  /** A path of a function that none of its routes serves. */
  notFound: 'La dirección solicitada no existe.',
} as const;
