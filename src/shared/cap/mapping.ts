import { advisoryKindLabels, type AdvisoryKind, type RestrictionLevel } from '../advisories/schema.ts';
import type { OutageKind } from '../outages/schema.ts';

/**
 * What the CAP 1.2 messages (src/server/cap/, docs/reference/outages-public-api.md) say of each type of
 * outage and notice: the one table of category, event, urgency, severity, certainty and the
 * response asked for, which the README's table repeats. Values are CAP's (OASIS CAP 1.2, 3.2.2);
 * none is `Unknown`, which Google Public Alerts refuses for urgency, severity and certainty, and
 * each event is shorter than its 35 characters.
 */

export type CapCategory = 'Health' | 'Infra';
export type CapUrgency = 'Immediate' | 'Expected' | 'Future' | 'Past';
export type CapSeverity = 'Extreme' | 'Severe' | 'Moderate' | 'Minor';
export type CapCertainty = 'Observed' | 'Likely' | 'Possible';
export type CapResponseType = 'Prepare' | 'Execute' | 'Avoid' | 'Monitor' | 'AllClear';

export interface CapProfile {
  category: CapCategory;
  event: string;
  urgency: CapUrgency;
  severity: CapSeverity;
  certainty: CapCertainty;
  responseType: CapResponseType;
}

/** An outage by kind, a notice by kind, a restriction by its level (`restriccion-1` … `restriccion-4`). */
export type CapType = `corte-${OutageKind}` | Exclude<AdvisoryKind, 'restriccion'> | `restriccion-${RestrictionLevel}`;

const restriction = (severity: CapSeverity): CapProfile => ({
  category: 'Infra',
  event: advisoryKindLabels.restriccion,
  urgency: 'Expected',
  severity,
  certainty: 'Observed',
  responseType: 'Execute',
});

/**
 * Outages are Infra; the kinds of healthKinds are Health. A restriction is Infra: it rations the
 * service, the water stays safe. Freezing risk is Infra: the notice protects the network and the
 * customers' pipes and meters; the frost forecast itself (Met) is the weather service's to issue.
 */
export const capProfiles: Record<CapType, CapProfile> = {
  'corte-programado': {
    category: 'Infra',
    event: 'Corte de agua programado',
    urgency: 'Future',
    severity: 'Minor',
    certainty: 'Likely',
    responseType: 'Prepare',
  },
  'corte-emergencia': {
    category: 'Infra',
    event: 'Corte de agua de emergencia',
    urgency: 'Immediate',
    severity: 'Moderate',
    certainty: 'Observed',
    responseType: 'Monitor',
  },
  hervir: {
    category: 'Health',
    event: advisoryKindLabels.hervir,
    urgency: 'Immediate',
    severity: 'Severe',
    certainty: 'Likely',
    responseType: 'Execute',
  },
  'no-beber': {
    category: 'Health',
    event: advisoryKindLabels['no-beber'],
    urgency: 'Immediate',
    severity: 'Severe',
    certainty: 'Likely',
    responseType: 'Avoid',
  },
  'no-usar': {
    category: 'Health',
    event: advisoryKindLabels['no-usar'],
    urgency: 'Immediate',
    severity: 'Extreme',
    certainty: 'Likely',
    responseType: 'Avoid',
  },
  turbiedad: {
    category: 'Health',
    event: advisoryKindLabels.turbiedad,
    urgency: 'Immediate',
    severity: 'Moderate',
    certainty: 'Observed',
    responseType: 'Avoid',
  },
  'restriccion-1': restriction('Minor'),
  'restriccion-2': restriction('Minor'),
  'restriccion-3': restriction('Moderate'),
  'restriccion-4': restriction('Severe'),
  congelamiento: {
    category: 'Infra',
    event: advisoryKindLabels.congelamiento,
    urgency: 'Expected',
    severity: 'Moderate',
    certainty: 'Likely',
    responseType: 'Prepare',
  },
};

/**
 * A Cancel (an outage restored or called off, a notice lifted) keeps its type's category and
 * event and says, as CAP practice does, that no action is needed any more.
 */
export const capCancelProfile = {
  urgency: 'Past',
  severity: 'Minor',
  certainty: 'Observed',
  responseType: 'AllClear',
} as const satisfies Partial<CapProfile>;

export const outageCapType = (kind: OutageKind): CapType => `corte-${kind}`;

/** A restriction always has its level (migration 0036's CHECK); no other kind has one. */
export function advisoryCapType(kind: AdvisoryKind, level: RestrictionLevel | null): CapType {
  if (kind !== 'restriccion') return kind;
  if (level === null) throw new Error('A restriction without its level.');
  return `restriccion-${level}`;
}
