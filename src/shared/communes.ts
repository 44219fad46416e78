import communes from './geo/chile-communes.json' with { type: 'json' };

/**
 * Chile's communes (spec §3 city ids), apart from geo.ts: the motorhome form is given the default
 * region's by its page and loads this list only when the visitor chooses another region.
 */
export interface Commune {
  id: number;
  cut: string;
  regionId: number;
  name: string;
}

export const chileCommunes: readonly Commune[] = communes;

export const communeById = (id: number) => chileCommunes.find((commune) => commune.id === id);
export const communesOf = (regionId: number) => chileCommunes.filter((commune) => commune.regionId === regionId);
