import * as z from 'zod/mini';
import { optionalText, requiredText } from '../fields.ts';
import { fileUrl } from '../documents/schema.ts';

export const educationContentTypes = ['Documentos educativos', 'Planificaciones', 'Galerías de fotos'] as const;

/** An education resource (spec §3 Education document). */
export const EducationDocumentSchema = z.object({
  id: z.int(),
  content_type: z.enum(educationContentTypes),
  hidden: z.boolean(),
  title: z.string(),
  description: z.string(),
  url_file: z.string(),
  thumbnail: z.nullable(z.string()),
});

export type EducationDocument = z.infer<typeof EducationDocumentSchema>;
export type EducationContentType = (typeof educationContentTypes)[number];

/** GET /api/education/documents (spec §7). */
export const EducationResponseSchema = z.object({
  success: z.literal(true),
  documents: z.array(EducationDocumentSchema),
});
export type EducationResponse = z.infer<typeof EducationResponseSchema>;

/** Spec §4: each category first shows this many items, 'Cargar todos' shows the rest. */
export const EDUCATION_INITIAL_ITEMS = 3;

export const educationMessages = { loadFailed: 'Ha ocurrido un error cargando los archivos.' } as const;

// Spec §4: the winter advice document ('Consejos de inv...') leads the educational documents.
const leadsItsSection = (doc: EducationDocument) =>
  doc.content_type === 'Documentos educativos' && doc.title.startsWith('Consejos de inv');

/** The visible documents of one category, in the order the page shows them. */
export function educationSection(
  documents: readonly EducationDocument[],
  type: EducationContentType,
): EducationDocument[] {
  return documents
    .filter((doc) => !doc.hidden && doc.content_type === type)
    .sort((a, b) => Number(leadsItsSection(b)) - Number(leadsItsSection(a)));
}

/** POST/PUT /api/admin/education: an education resource; hidden ones stay off /educacion. */
export const EducationInputSchema = z.object({
  content_type: z.enum(educationContentTypes, { error: 'Seleccione el tipo de contenido.' }),
  hidden: z.boolean({ error: 'Indique si el contenido está oculto.' }),
  title: requiredText(200, 'Ingrese el título.'),
  description: optionalText(1000, { multiline: true }),
  url_file: fileUrl().check(z.minLength(1, 'Suba el archivo o ingrese su dirección.')),
  thumbnail: fileUrl(),
});
export type EducationInput = z.infer<typeof EducationInputSchema>;

export const educationAdminMessages = { notFound: 'Contenido no encontrado.' } as const;
