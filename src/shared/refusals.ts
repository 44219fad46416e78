/**
 * Why a function refuses a request as sent, whatever the form. The islands show what an answer
 * says and never name one of these, so they stay out of the pages' scripts, unlike messages.ts.
 */
export const refusals = {
  invalidJson: 'La solicitud no es un JSON válido.',
  /** A NUL, another control character or bytes that are not UTF-8 in any field. */
  invalidText: 'El texto contiene caracteres no válidos.',
  /** A JSON body nested past the depth any form uses (input-text.ts, MAX_JSON_DEPTH). */
  tooDeep: 'La solicitud tiene demasiados niveles anidados.',
  notJson: 'La solicitud debe enviarse como JSON (application/json).',
  /** A page's form posted as anything but a form (application/x-www-form-urlencoded). */
  notForm: 'La solicitud debe enviarse como formulario (application/x-www-form-urlencoded).',
  invalidMultipart: 'La solicitud no es un formulario válido o llegó incompleta.',
  /** A POST to a mail's one-click unsubscription address (RFC 8058) whose body is not `List-Unsubscribe=One-Click`. */
  notOneClick: 'La solicitud de baja debe enviarse como List-Unsubscribe=One-Click.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  methodNotAllowed: 'Método no permitido.',
  /** A path of a function that none of its routes serves. */
  notFound: 'La dirección solicitada no existe.',
} as const;
