/**
 * The confidential complaint's options, caps and messages (spec §2 /denuncias, §3, §5): what the
 * form needs before its schema. Options have a code and the Spanish label a person reads; the
 * request carries the labels (spec §7). A module without zod, apart from denuncias.ts's schema,
 * so /denuncias loads zod only once the visitor starts on the form; denuncias.ts
 * exports all of it too.
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

/** Spec §4: Continuar opens step 2 once relation, place and type are chosen. */
export const stepOneComplete = (values: { denunciaRelacion?: string; denunciaLugar?: string; denunciaType?: string }) =>
  Boolean(values.denunciaRelacion && values.denunciaLugar && values.denunciaType);
