/**
 * The kinds of aviso and the levels of a restriction, with their names: read by the schemas and by
 * the texts (public-texts.ts), which never import a schema (zod stays out of a page that only reads).
 */

export const advisoryKinds = ['hervir', 'no-beber', 'no-usar', 'turbiedad', 'restriccion', 'congelamiento'] as const;
export type AdvisoryKind = (typeof advisoryKinds)[number];

/** The notice's name, as the public reads it in a heading, the band and a mail's subject. */
export const advisoryKindLabels: Record<AdvisoryKind, string> = {
  hervir: 'Hervir el agua antes de consumirla',
  'no-beber': 'No beber el agua de la red',
  'no-usar': 'No usar el agua de la red',
  turbiedad: 'Agua con turbiedad',
  restriccion: 'Restricción de uso del agua',
  congelamiento: 'Riesgo de congelamiento',
};

/** Kinds about the water's safety: they outrank an outage in the home band and are CAP's Health. */
export const healthKinds: readonly AdvisoryKind[] = ['hervir', 'no-beber', 'no-usar', 'turbiedad'];

export const RESTRICTION_LEVELS = [1, 2, 3, 4] as const;
export type RestrictionLevel = (typeof RESTRICTION_LEVELS)[number];
