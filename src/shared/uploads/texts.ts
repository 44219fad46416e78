/**
 * Files visitors attach (CVs of /trabaje-con-nosotros, denuncia attachments), files staff
 * publish for the public pages and the billing system's CSV export staff import. Netlify caps a function's request body at 6 MB (about 4.5 MB of
 * file once encoded), so a file over INLINE_LIMIT is sent in CHUNK_SIZE pieces to /api/uploads
 * first (design.md, "Uploads").
 *
 * A module without zod, apart from uploads.ts's schemas, so a form with a file loads zod only
 * once the visitor starts on it; uploads.ts exports all of it too.
 */

export const uploadPurposes = ['cv', 'denuncia', 'publication', 'accounts', 'readings'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Purposes only a signed-in admin may start (POST /api/uploads checks the bearer token). */
export const adminPurposes: readonly UploadPurpose[] = ['publication', 'accounts', 'readings'];

/** The billing system's CSV exports: text, named .csv (src/server/imports/csv-import.ts reads them). */
export const csvPurposes: readonly UploadPurpose[] = ['accounts', 'readings'];

/**
 * Spec §5, §9: visitors' files up to 10 MB. Documents staff publish (annual reports) are larger,
 * up to the 20 MB a Netlify function may stream when it serves them (a buffered answer: 6 MB).
 * The accounts export (about 120 bytes a customer: 3 MB for the utility's 25,000) goes to the
 * database in one statement, and Neon's HTTP driver takes at most 10 MiB a request: 5 MB keeps
 * the file and its encoding well under that (src/server/accounts-import.ts). The readings export
 * (about 165 bytes a line: 10 MB for 60,000) is sent as compact array literals, no longer than the
 * file (src/server/consumption/readings-import.ts): 10 MB stays under the 10 MiB.
 */
const MAX_FILE_BYTES: Record<UploadPurpose, number> = {
  cv: 10_000_000,
  denuncia: 10_000_000,
  publication: 20_000_000,
  accounts: 5_000_000,
  readings: 10_000_000,
};
export const CHUNK_SIZE = 4_000_000;
export const INLINE_LIMIT = 4_000_000;

export const uploadMessages = {
  tooLarge: 'El tamaño máximo del archivo a subir es de 10 MB',
  publicationTooLarge: 'El tamaño máximo del archivo a publicar es de 20 MB',
  accountsTooLarge: 'El tamaño máximo del archivo de cuentas es de 5 MB.',
  readingsTooLarge: 'El tamaño máximo del archivo de lecturas es de 10 MB.',
  accountsType: 'Seleccione el archivo CSV (.csv) que exporta el sistema de facturación.',
  accountsNotCsv:
    'El archivo no es un CSV (parece una planilla u otro tipo de archivo). Expórtelo como CSV e intente nuevamente.',
  missingPublication: 'Seleccione el archivo que desea publicar.',
  notPublished: 'Archivo no encontrado.',
  cvType: 'Sólo se permiten archivos .pdf o .doc',
  empty: 'El archivo está vacío.',
  unknownUpload: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
  incomplete: 'El archivo no llegó completo. Por favor adjúntelo nuevamente.',
  missingCv: 'Adjunte su currículum en formato .pdf o .doc.',
  chunkRewritten: 'Esta parte del archivo ya se había recibido con otro contenido. Por favor adjúntelo nuevamente.',
  alreadyCompleted: 'Este archivo ya se recibió completo.',
  clientQuota: 'Se alcanzó el límite diario de archivos enviados desde esta conexión. Intente nuevamente mañana.',
  totalQuota: 'El sitio alcanzó su límite diario de archivos recibidos. Intente nuevamente mañana.',
  denunciaQuota:
    'El canal de denuncias alcanzó su límite diario de archivos adjuntos. Intente adjuntarlo nuevamente mañana; puede enviar ahora su denuncia o mensaje sin el archivo.',
} as const;

const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;

export const extensionOf = (fileName: string): string => fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

const TOO_LARGE: Record<UploadPurpose, string> = {
  cv: uploadMessages.tooLarge,
  denuncia: uploadMessages.tooLarge,
  publication: uploadMessages.publicationTooLarge,
  accounts: uploadMessages.accountsTooLarge,
  readings: uploadMessages.readingsTooLarge,
};

export const tooLargeMessage = (purpose: UploadPurpose): string => TOO_LARGE[purpose];

/** The checks a browser can make before sending; the server repeats them and checks the bytes. */
export function checkFile(purpose: UploadPurpose, fileName: string, size: number): string | undefined {
  if (size > MAX_FILE_BYTES[purpose]) return tooLargeMessage(purpose);
  if (size === 0) return uploadMessages.empty;
  if (purpose === 'cv' && !(CV_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)))
    return uploadMessages.cvType;
  if (csvPurposes.includes(purpose) && extensionOf(fileName) !== 'csv') return uploadMessages.accountsType;
  return undefined;
}
