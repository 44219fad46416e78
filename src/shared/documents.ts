import { z } from 'zod';

/** A company document (spec §3): an annual report (Memoria) or financial statements. */
export const CompanyDocumentSchema = z.object({
  type: z.enum(['Memoria', 'Estado Financiero']),
  year: z.number().int(),
  url_file: z.string().nullable(),
});

export type CompanyDocument = z.infer<typeof CompanyDocumentSchema>;

/** GET /api/documents (spec §7). */
export const DocumentsResponseSchema = z.object({ documents: z.array(CompanyDocumentSchema) });

/** The `fileType` of GET /api/download and the document type it selects. */
export const fileTypes = { memories: 'Memoria', financial: 'Estado Financiero' } as const;
export type FileType = keyof typeof fileTypes;

export const DownloadQuerySchema = z.object({
  fileType: z.enum(['memories', 'financial'], { error: 'Tipo de documento no válido.' }),
  year: z.coerce.number({ error: 'Año no válido.' }).int('Año no válido.').min(1990, 'Año no válido.').max(2100, 'Año no válido.'),
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
