import { unsealText } from '../encryption.ts';

/**
 * What the reporter sent, as the desk reads it: every field of the form with the label the
 * compliance mail once gave it (the mail now says nothing), in the form's order, the
 * narrative last. The free texts and the reporter's identity are sealed, each bound to its column
 * and denuncia (submit.ts); a row stored before encryption at rest (`sealed` false) is read as it
 * was stored.
 */

/** The columns sealed since migration 0023: what the reporter wrote and who they are. */
export const SEALED_COLUMNS = [
  'relation_other',
  'place_other',
  'first_name',
  'last_name',
  'phone',
  'contact_time',
  'email',
  'incident_date',
  'incident_place',
  'knowledge_other',
  'narrative',
] as const;
const PLAIN = ['relation', 'place', 'duration', 'knowledge', 'can_identify', 'cover_up', 'told_authority'] as const;

type Column = (typeof SEALED_COLUMNS)[number] | (typeof PLAIN)[number];
/** The row as the desk selects it: REPORT_COLUMNS, with the reference and type it selects anyway. */
export type ReportRow = Record<Column, string> & { reference: string; type: string; sealed: boolean };

export const REPORT_COLUMNS = [...SEALED_COLUMNS, ...PLAIN, 'sealed'].map((column) => `d.${column}`).join(', ');

const joined = (...parts: string[]) => parts.filter(Boolean).join(': ');

export async function reportFields(row: ReportRow): Promise<{ label: string; value: string }[]> {
  const open = async (column: (typeof SEALED_COLUMNS)[number]) =>
    row.sealed ? unsealText(row[column], `denuncias.${column}:${row.reference}`) : row[column];
  const text = Object.fromEntries(
    await Promise.all(SEALED_COLUMNS.map(async (column) => [column, await open(column)])),
  ) as Record<(typeof SEALED_COLUMNS)[number], string>;
  const lines: [string, string][] = [
    ['Relación con la empresa', joined(row.relation, text.relation_other)],
    ['Lugar', joined(row.place, text.place_other)],
    ['Tipo de denuncia', row.type],
    ['Nombre', `${text.first_name} ${text.last_name}`.trim()],
    ['Teléfono', text.phone],
    ['Horario de contacto', text.contact_time],
    ['Correo electrónico', text.email],
    ['Fecha de los hechos', text.incident_date],
    ['Desde cuándo ocurre', row.duration],
    ['Lugar de los hechos', text.incident_place],
    ['Cómo se enteró', joined(row.knowledge, text.knowledge_other)],
    ['Puede identificar a los involucrados', row.can_identify],
    ['Hay ocultamiento', row.cover_up],
    ['Informó a una autoridad', row.told_authority],
    ['Relato', text.narrative],
  ];
  return lines.map(([label, value]) => ({ label, value }));
}
