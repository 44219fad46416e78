import * as z from 'zod/mini';
import { SINGLE_LINE } from '../fields.ts';

/** A company document (spec §3): an annual report (Memoria) or financial statements. */
export const CompanyDocumentSchema = z.object({
  type: z.enum(['Memoria', 'Estado Financiero']),
  year: z.int(),
  url_file: z.nullable(z.string()),
});

export type CompanyDocument = z.infer<typeof CompanyDocumentSchema>;

/** GET /api/documents (spec §7). */
export const DocumentsResponseSchema = z.object({
  success: z.literal(true),
  documents: z.array(CompanyDocumentSchema),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponseSchema>;

/** The `fileType` of GET /api/download and the document type it selects. */
export const fileTypes = { memories: 'Memoria', financial: 'Estado Financiero' } as const;
export type FileType = keyof typeof fileTypes;

export const DownloadQuerySchema = z.object({
  fileType: z.enum(['memories', 'financial'], { error: 'Tipo de documento no válido.' }),
  year: z.coerce
    .number({ error: 'Año no válido.' })
    .check(z.int('Año no válido.'), z.gte(1990, 'Año no válido.'), z.lte(2100, 'Año no válido.')),
});

/** The years a visitor may choose: only documents with a file, most recent first (spec §3). */
export function yearsOffered(documents: readonly CompanyDocument[], fileType: FileType): number[] {
  const years = documents.filter((doc) => doc.type === fileTypes[fileType] && doc.url_file).map((doc) => doc.year);
  return [...new Set(years)].sort((a, b) => b - a);
}

export const documentMessages = {
  chooseYear: 'Tienes que seleccionar un año',
  notFound: 'No encontramos el documento solicitado.',
} as const;

export const documentTypes = ['Memoria', 'Estado Financiero'] as const;

/**
 * Where a file staff publish is read from: a path on this site (`/` followed by neither `/` nor
 * a backslash, which browsers read as another host) or an https address. Anything else is
 * refused on save and never redirected to.
 */
export const isSafeFileUrl = (value: string): boolean => {
  // Browsers drop tabs and line breaks from an address: `/<tab>/host` would be `//host`.
  if (!SINGLE_LINE.test(value)) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  return value.startsWith('https://') && URL.canParse(value);
};

export const fileUrl = (max = 500) =>
  z.string({ error: 'Ingrese la dirección del archivo.' }).check(
    z.trim(),
    z.maxLength(max, `Máximo ${max} caracteres.`),
    z.refine((value) => value === '' || isSafeFileUrl(value), 'Ingrese una dirección que empiece con / o https://'),
  );

/** POST/PUT /api/admin/documents: one company document (spec §3 Document); one per type and year. */
export const DocumentInputSchema = z.object({
  type: z.enum(documentTypes, { error: 'Seleccione el tipo de documento.' }),
  year: z
    .number({ error: 'Ingrese el año.' })
    .check(
      z.int('Ingrese el año.'),
      z.gte(1990, 'El año debe estar entre 1990 y 2100.'),
      z.lte(2100, 'El año debe estar entre 1990 y 2100.'),
    ),
  url_file: fileUrl().check(z.minLength(1, 'Suba el archivo o ingrese su dirección.')),
});
export type DocumentInput = z.infer<typeof DocumentInputSchema>;

/** A company document as staff manage it. */
export const StoredDocumentSchema = z.extend(CompanyDocumentSchema, { id: z.int(), updated_at: z.string() });
export type StoredDocument = z.infer<typeof StoredDocumentSchema>;

export const documentAdminMessages = {
  duplicate: 'Ya existe un documento de ese tipo para ese año.',
  notFound: 'Documento no encontrado.',
} as const;
