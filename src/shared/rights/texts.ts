/**
 * Derechos ARCO+ (Ley 19.628 as amended by Ley 21.719, in force from 1 December 2026): the rights a
 * person may exercise over the data the site holds about them, as /privacidad/derechos names and
 * explains them, and the words of the request's mails and answers. No zod here: the form's page
 * loads these first (src/shared/README of the split in docs/architecture.md).
 */

/**
 * The rights, as POST /api/derechos names them. A list of their own, not the keys of rightTypes:
 * the schema's enum (which the form loads) then does not bring the explanations, which the page
 * gives its island in its HTML (src/pages/privacidad/derechos/index.astro).
 */
export const rightTypeKeys = ['acceso', 'rectificacion', 'supresion', 'oposicion', 'portabilidad', 'bloqueo'] as const;
export type RightType = (typeof rightTypeKeys)[number];

export const rightTypes = {
  acceso: {
    label: 'Acceso',
    explanation: 'Saber qué datos suyos tenemos, para qué los usamos y de dónde vienen, y recibir una copia.',
  },
  rectificacion: {
    label: 'Rectificación',
    explanation: 'Corregir los datos suyos que estén equivocados, desactualizados o incompletos.',
  },
  supresion: {
    label: 'Supresión',
    explanation:
      'Que eliminemos sus datos, salvo los que la ley nos obliga a conservar (por ejemplo, pagos y boletas).',
  },
  oposicion: {
    label: 'Oposición',
    explanation: 'Que dejemos de usar sus datos para un fin determinado, como enviarle avisos por correo.',
  },
  portabilidad: {
    label: 'Portabilidad',
    explanation: 'Recibir sus datos en un archivo ordenado y de uso común, para llevarlos a otra empresa.',
  },
  bloqueo: {
    label: 'Bloqueo',
    explanation:
      'Que suspendamos temporalmente todo uso de sus datos mientras se revisa su solicitud, salvo lo que la ley exige conservar.',
  },
} as const satisfies Record<RightType, { label: string; explanation: string }>;

export const RIGHTS_PATH = '/privacidad/derechos';
export const RIGHTS_CONFIRM_PATH = '/privacidad/derechos/confirmar';

/** Ley 21.719: a request is answered within 15 business days, extendable once by 15 more. */
export const RIGHTS_BUSINESS_DAYS = 15;
/** The e-mail confirmation link and the export's download link live this many days. */
export const RIGHTS_LINK_DAYS = 7;
/** The privacy mailbox's digest lists the open requests due within this many business days. */
export const RIGHTS_DUE_SOON_BUSINESS_DAYS = 3;

// What the public islands show lives apart, so their pages do not load what only the admin uses.
export { rightsTexts } from './form/texts.ts';
export { confirmTexts, exportTexts } from './links/texts.ts';

/**
 * Shown after sending instead of `rightsTexts.sent` when the confirmation link was not mailed: the
 * address already had its day's share of our acknowledgements (src/server/mail/acknowledgements.ts),
 * and without the link the request cannot be confirmed. The page writes it in its HTML, with the
 * privacy mailbox and the phone as links between these words, and the island shows it: its
 * script, at the text form pages' budget, carries none of it.
 */
export const confirmationNotSentTexts = {
  why: 'No le enviamos el correo para confirmar su dirección: esa dirección ya recibió hoy varios correos nuestros y, para evitar envíos abusivos, no le enviaremos más hasta mañana. Sin esa confirmación no podemos revisar su solicitud.',
  retry: 'Envíe su solicitud de nuevo mañana, o escríbanos a',
  orCall: 'o llámenos al',
  withReference: 'indicando su número de referencia.',
} as const;

/** The words of the mails a request sends (src/server/rights/). */
export const rightsMailTexts = {
  confirmSubject: (reference: string) => `Confirme su solicitud de derechos sobre sus datos (${reference})`,
  confirmIntro: (right: string, day: string, reference: string) =>
    `Recibimos el ${day} una solicitud de ${right} sobre datos personales, con el número de referencia ${reference}, a nombre de esta dirección de correo.`,
  confirmAsk: (days: number) =>
    `Para que la revisemos, confirme que usted la envió siguiendo este enlace (vale por ${days} días y sirve una sola vez):`,
  confirmWhy:
    'Le pedimos esta confirmación para no entregar datos de nadie a otra persona: hasta que la confirme, no revisaremos ni enviaremos ningún dato.',
  notYou:
    'Si usted no envió esta solicitud, no siga el enlace: sin su confirmación no haremos nada con ella, y puede ignorar este correo.',
  extensionSubject: (reference: string) => `Su solicitud ${reference}: ampliamos el plazo de respuesta`,
  extension: (reference: string, day: string, reason: string) =>
    `Su solicitud ${reference} requiere más tiempo del previsto. Conforme a la Ley 19.628, ampliamos por una única vez el plazo de respuesta en 15 días hábiles: le responderemos a más tardar el ${day}.\n\nMotivo: ${reason}`,
  exportSubject: (reference: string) => `Sus datos personales (${reference})`,
  export: (reference: string, day: string) =>
    `En respuesta a su solicitud ${reference}, puede descargar los datos personales que tenemos sobre usted en este enlace. Sirve una sola vez y vence el ${day}:`,
  exportContents:
    'El archivo ZIP contiene un archivo JSON con todos los datos y un archivo CSV por cada tipo de registro, además de los documentos que usted nos envió (por ejemplo, su currículum). El archivo LEAME.txt explica su estructura.',
} as const;

export const rightsMessages = {
  notFound: 'Esa solicitud de derechos no existe.',
  notConfirmed:
    'La persona aún no confirma su correo electrónico: por su seguridad, no se puede buscar ni enviar ningún dato antes.',
  alreadyExtended: 'El plazo de esta solicitud ya se amplió una vez: la ley permite una sola ampliación.',
  closed: 'Esta solicitud está cerrada: reábrala para actuar sobre ella.',
  downloadGone:
    'Este enlace de descarga no es válido, ya se usó o venció. Si necesita sus datos de nuevo, responda al correo que le enviamos o envíe una nueva solicitud.',
} as const;

/**
 * The export of a person's data (acceso, portabilidad): its download page
 * (/privacidad/derechos/descarga) and the LEAME.txt inside the ZIP (src/server/rights/export.ts,
 * docs/reference/rights-export.md).
 */
export const RIGHTS_DOWNLOAD_PATH = '/privacidad/derechos/descarga';

/** LEAME.txt, line by line: only the server writes it, so the page's script does not carry it. */
export const exportReadmeTexts = {
  title: (site: string) => `Sus datos personales en ${site}`,
  request: (reference: string, generated: string) =>
    `Solicitud ${reference}. Archivo generado el ${generated} (hora de Aysén).`,
  searched: (email: string, rut: string) =>
    `Contiene los datos personales que encontramos en nuestro sitio web en los registros con su correo electrónico confirmado, ${email}${rut ? `, y la cuenta y las lecturas de los servicios de los que usted es titular con el RUT ${rut}, según nuestro sistema de facturación` : ''}.`,
  thirdParty: (records: number) =>
    `${records === 1 ? 'Incluye además un registro' : `Incluye además ${records} registros`} de otras personas con su RUT o su número de servicio, que nuestro personal revisó: de ${records === 1 ? 'él' : 'ellos'} solo van los datos que le conciernen, nunca los datos de contacto ni los archivos de esas personas (su columna «Coincidencia» dice por qué).`,
  contents: 'Contenido:',
  self: 'LEAME.txt: este texto.',
  json: 'datos.json: todos los datos en formato JSON (su estructura, más abajo).',
  csv: (file: string, label: string, records: number) =>
    `${file}: ${label} (${records} ${records === 1 ? 'registro' : 'registros'}).`,
  files: (count: number) =>
    `archivos/: ${count === 1 ? 'el documento' : `los ${count} documentos`} que usted nos envió (por ejemplo, su currículum).`,
  csvFormat:
    'Los archivos CSV tienen una fila por registro y se abren con una planilla como Excel (codificación UTF-8, columnas separadas por punto y coma). Sus primeras columnas son la referencia del registro y su fecha; las demás, los datos del registro.',
  jsonFormat: [
    'Estructura de datos.json:',
    '- reference: el número de su solicitud; generatedAt: cuándo se generó el archivo (ISO 8601, hora UTC).',
    '- subject: su correo electrónico confirmado (email), y el RUT (rut) y el número de servicio (serviceNumber) que escribió en su solicitud.',
    '- records: un elemento por registro, con su tipo (source, ver la lista siguiente), su identificador (id), su referencia (reference), su fecha (createdAt, ISO 8601, hora UTC), sus datos (fields: cada uno con su nombre, label, y su valor, value), sus documentos (files: uploadId, name, size en bytes y path, su ubicación en este ZIP) y, si es de otra persona, por qué le concierne (thirdParty.reason; si es suyo, null).',
  ],
  sources: 'Tipos de registro (source):',
  denuncias:
    'Las denuncias del Canal de denuncias son confidenciales y no se incluyen aquí: sobre ellas responde por separado el encargado de cumplimiento, como explica nuestra Política de privacidad.',
} as const;
