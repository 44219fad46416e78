import * as z from 'zod/mini';
import { fieldMessages, lineCheck, optionalEmail } from './fields.ts';

/**
 * The confidential complaint (spec §2 /denuncias, §3, §5, §7 POST /api/denuncias). Options have
 * a code and the Spanish label a person reads; the request carries the labels (spec §7).
 */

const options = <const T extends Record<string, string>>(labels: T) => labels;

export const relations = options({
  trabajador: 'Trabajador',
  contratista: 'Contratista',
  cliente: 'Cliente',
  otro: 'Otro',
});
export const places = options({
  'oficinas-corporativas': 'Oficinas corporativas',
  'oficinas-zonales': 'Oficinas zonales',
  plantas: 'Plantas',
  recintos: 'Recintos',
  otro: 'Otro',
});
export const denunciaTypes = options({
  'soborno-funcionarios-publicos': 'Soborno a funcionarios públicos',
  'contaminacion-aguas': 'Contaminación de aguas',
  'soborno-particulares': 'Soborno entre particulares',
  'delitos-ley-sociedades-anonimas': 'Delitos de la Ley de Sociedades Anónimas',
  'delitos-informaticos': 'Delitos informáticos',
  receptacion: 'Receptación',
  'falsificacion-documentos': 'Falsificación de documentos',
  'delitos-ley-sea': 'Delitos ambientales (Ley del Servicio de Evaluación Ambiental)',
  'residuos-peligrosos': 'Manejo indebido de residuos peligrosos',
  'delitos-aduaneros': 'Delitos aduaneros',
  'administracion-desleal': 'Administración desleal',
  'apropiacion-indebida': 'Apropiación indebida',
  'lavado-activos': 'Lavado de activos',
  'info-privilegiada': 'Uso de información privilegiada',
  'delitos-salud-publica': 'Delitos contra la salud pública',
  'incumplimiento-normas-sanitarias': 'Incumplimiento de normas sanitarias',
  'negociacion-incompatible': 'Negociación incompatible',
  'codigo-etica': 'Infracción al Código de Ética',
  'acoso-laboral': 'Acoso laboral',
  'acoso-sexual': 'Acoso sexual',
  'violencia-terceros': 'Violencia en el trabajo ejercida por terceros',
  consultas: 'Consultas',
});
export const contactTimes = options({
  '9-12': 'De 9:00 a 12:00',
  '12-15': 'De 12:00 a 15:00',
  '15-18': 'De 15:00 a 18:00',
});
export const durations = options({
  week: 'Menos de una semana',
  month: 'Menos de un mes',
  'six-months': 'Menos de seis meses',
  'six-months-more': 'Más de seis meses',
  unknown: 'No lo sé',
});
export const knowledgeSources = options({
  heard: 'Lo escuché',
  me: 'Me ocurrió a mí',
  observed: 'Lo observé',
  coworker: 'Me lo contó un compañero de trabajo',
  outsider: 'Me lo contó alguien externo a la empresa',
  document: 'Lo vi en un documento',
  other: 'Otro',
});
export const yesNoUnknown = options({ yes: 'Sí', no: 'No', unknown: 'No lo sé' });

/**
 * Spec §5: a value must be strictly shorter than its cap, and typing beyond is ignored, so an
 * input's maxlength is the cap less one.
 */
export const denunciaCaps = {
  denunciaRelacionText: 80,
  denunciaLugarText: 80,
  name: 50,
  lastName: 50,
  phone: 20,
  email: 80,
  denunciaDate: 100,
  denunciaPlace: 100,
  denunciaKnowledgeText: 80,
  denunciaText: 300,
} as const;

export const denunciaMessages = {
  choose: 'Seleccione una opción.',
  describeOther: 'Indique cuál.',
  narrative: 'Describa los hechos.',
  failed: 'Ha ocurrido un error. Por favor intente nuevamente más tarde.',
} as const;

const label = <T extends Record<string, string>>(labels: T) =>
  z.enum(Object.values(labels) as [T[keyof T], ...T[keyof T][]], { error: denunciaMessages.choose });
const optionalLabel = <T extends Record<string, string>>(labels: T) =>
  z._default(z.union([label(labels), z.literal('')], { error: denunciaMessages.choose }), '');
const capped = (cap: number) =>
  z._default(
    z
      .string({ error: fieldMessages.invalidType })
      .check(z.trim(), z.maxLength(cap - 1, fieldMessages.tooLong(cap - 1)), lineCheck()),
    '',
  );

export const DenunciaSchema = z
  .object({
    /** Step 1: who reports (spec §3 relation). */
    denunciaRelacion: label(relations),
    /** Their relation in their own words, when they chose "Otro". */
    denunciaRelacionText: capped(denunciaCaps.denunciaRelacionText),
    /** Step 1: where it happened (spec §3 place). */
    denunciaLugar: label(places),
    /** The place in their own words, when they chose "Otro". */
    denunciaLugarText: capped(denunciaCaps.denunciaLugarText),
    /** Step 1: what kind of offence or query (spec §3 type). */
    denunciaType: label(denunciaTypes),
    /** Step 2 from here on: the reporter's name, surname and phone, all optional (anonymous reports). */
    name: capped(denunciaCaps.name),
    lastName: capped(denunciaCaps.lastName),
    phone: capped(denunciaCaps.phone),
    /** When they prefer to be called (spec §3 preferred contact window). */
    contactTime: optionalLabel(contactTimes),
    /** Optional; when given, a valid address. */
    email: optionalEmail(denunciaCaps.email - 1),
    /** When it happened, as free text ("marzo de 2026"). */
    denunciaDate: capped(denunciaCaps.denunciaDate),
    /** How long it has been going on (spec §3 duration). */
    denunciaTime: optionalLabel(durations),
    /** Where exactly, as free text. */
    denunciaPlace: capped(denunciaCaps.denunciaPlace),
    /** How they learned of it (spec §3 how learned). */
    denunciaKnowledge: optionalLabel(knowledgeSources),
    /** How they learned of it in their own words, when they chose "Otro". */
    denunciaKnowledgeText: capped(denunciaCaps.denunciaKnowledgeText),
    /** Whether they can identify the people involved. */
    denunciaIdentification: optionalLabel(yesNoUnknown),
    /** Whether they believe someone is covering it up. */
    denunciaCoverup: optionalLabel(yesNoUnknown),
    /** Whether they told an authority or a manager. */
    denunciaAuthority: optionalLabel(yesNoUnknown),
    /** The narrative: the one step-2 field Enviar waits for (spec §4). */
    denunciaText: z
      .string({ error: denunciaMessages.narrative })
      .check(
        z.trim(),
        z.minLength(1, denunciaMessages.narrative),
        z.maxLength(denunciaCaps.denunciaText - 1, fieldMessages.tooLong(denunciaCaps.denunciaText - 1)),
        lineCheck(true),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      // "Otro" needs its own words.
      const other: [keyof typeof value, keyof typeof value, string][] = [
        ['denunciaRelacion', 'denunciaRelacionText', relations.otro],
        ['denunciaLugar', 'denunciaLugarText', places.otro],
        ['denunciaKnowledge', 'denunciaKnowledgeText', knowledgeSources.other],
      ];
      for (const [choice, text, otherLabel] of other) {
        if (value[choice] === otherLabel && !value[text])
          ctx.addIssue({ code: 'custom', path: [text], message: denunciaMessages.describeOther });
      }
    }),
  );

export type Denuncia = z.infer<typeof DenunciaSchema>;
export type DenunciaField = keyof z.input<typeof DenunciaSchema>;

/** Spec §4: Continuar opens step 2 once relation, place and type are chosen. */
export const stepOneComplete = (values: Partial<Record<DenunciaField, string>>) =>
  Boolean(values.denunciaRelacion && values.denunciaLugar && values.denunciaType);
