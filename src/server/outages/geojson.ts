import { healthKinds, restrictionLevelRules, type PublicAdvisory } from '../../shared/advisories/schema.ts';
import { advisoryTitle } from '../../shared/advisories/words.ts';
import { outageTitle } from '../../shared/outages/format.ts';
import type { OutageTown, PublicOutage, SupplyPoint } from '../../shared/outages/schema.ts';

/**
 * /cortes.geojson (RFC 7946): every current outage and notice, and their supply points, for the
 * maps of municipalities, radios and anyone else. Positions are [longitude, latitude] in WGS 84,
 * the reverse of CAP's circles. The properties are what /cortes and /avisos show, nothing more.
 */

type Position = [longitude: number, latitude: number];
type Geometry = { type: 'Point'; coordinates: Position } | { type: 'MultiPoint'; coordinates: Position[] };
interface Feature {
  type: 'Feature';
  id: string;
  geometry: Geometry;
  properties: Record<string, unknown>;
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

const position = (point: Pick<OutageTown, 'latitude' | 'longitude'>): Position => [point.longitude, point.latitude];

/** A supply point of the outage or notice `parent` (its feature's id), in the order staff gave them. */
const supplyFeatures = (parent: string, points: readonly SupplyPoint[]): Feature[] =>
  points.map((point, index) => ({
    type: 'Feature',
    id: `${parent}-punto-${index + 1}`,
    geometry: { type: 'Point', coordinates: position(point) },
    properties: { layer: 'punto-abastecimiento', parent, name: point.name, address: point.address, hours: point.hours },
  }));

/**
 * An outage is its town's point. A notice of several towns is one feature, a MultiPoint of its
 * towns' points: one notice, one feature, as /avisos lists it; a map draws a marker per town.
 */
export function outagesGeoJson(
  outages: readonly PublicOutage[],
  towns: readonly OutageTown[],
  advisories: readonly PublicAdvisory[],
  origin: string,
): FeatureCollection {
  const features: Feature[] = [];
  for (const outage of outages) {
    const { supplyPoints, ...properties } = outage;
    const id = `corte-${outage.id}`;
    // outages.town references outage_towns: every outage has its town.
    const town = towns.find((candidate) => candidate.slug === outage.town)!;
    features.push(
      {
        type: 'Feature',
        id,
        geometry: { type: 'Point', coordinates: position(town) },
        properties: { layer: 'corte', title: outageTitle(outage), ...properties, url: `${origin}/cortes#${id}` },
      },
      ...supplyFeatures(id, supplyPoints),
    );
  }
  for (const advisory of advisories) {
    const { supplyPoints, ...properties } = advisory;
    const id = `aviso-${advisory.id}`;
    features.push(
      {
        type: 'Feature',
        id,
        geometry: { type: 'MultiPoint', coordinates: advisory.towns.map(position) },
        properties: {
          layer: 'aviso',
          title: advisoryTitle(advisory),
          health: healthKinds.includes(advisory.kind),
          ...properties,
          towns: advisory.towns.map(({ slug, name }) => ({ slug, name })),
          restrictionRule: advisory.restrictionLevel ? restrictionLevelRules[advisory.restrictionLevel] : null,
          url: `${origin}/avisos/${advisory.id}`,
        },
      },
      ...supplyFeatures(id, supplyPoints),
    );
  }
  return { type: 'FeatureCollection', features };
}
