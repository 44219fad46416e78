import { z } from 'zod';

/**
 * Files visitors attach: CVs (/trabaje-con-nosotros) and denuncia attachments. Netlify caps a
 * function's request body at 6 MB (about 4.5 MB of file once encoded), so a file over
 * INLINE_LIMIT is sent in CHUNK_SIZE pieces to /api/uploads first (design.md, "Uploads").
 */

/** Spec §5, §9: 10 MB. */
const MAX_FILE_BYTES = 10_000_000;
export const CHUNK_SIZE = 4_000_000;
export const INLINE_LIMIT = 4_000_000;

export type UploadPurpose = 'cv' | 'denuncia';

export const uploadMessages = {
  tooLarge: 'El tamaño máximo del archivo a subir es de 10 MB',
  cvType: 'Sólo se permiten archivos .pdf o .doc',
  empty: 'El archivo está vacío.',
  unknownUpload: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
  incomplete: 'El archivo no llegó completo. Por favor adjúntelo nuevamente.',
  missingCv: 'Adjunte su currículum en formato .pdf o .doc.',
} as const;

const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;

export const extensionOf = (fileName: string): string => fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The checks a browser can make before sending; the server repeats them and checks the bytes. */
export function checkFile(purpose: UploadPurpose, fileName: string, size: number): string | undefined {
  if (size > MAX_FILE_BYTES) return uploadMessages.tooLarge;
  if (size === 0) return uploadMessages.empty;
  if (purpose === 'cv' && !(CV_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) return uploadMessages.cvType;
  return undefined;
}

/** POST /api/uploads: starts a chunked upload. */
export const UploadStartSchema = z.object({
  purpose: z.enum(['cv', 'denuncia']),
  fileName: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});
