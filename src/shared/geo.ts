import regions from './geo/chile-regions.json' with { type: 'json' };

/**
 * The geographic data set the motorhome form uses (spec §3): Chile's regions here, the countries
 * in countries.ts, Chile's communes in communes.ts (each loaded only where it is needed). Ids are stable; the defaults are the spec's (§3): Chile 43,
 * Aysén 728, Coyhaique 11111.
 */
export const CHILE_ID = 43;
export const AYSEN_ID = 728;
export const COYHAIQUE_ID = 11111;

export interface Region {
  id: number;
  roman: string;
  name: string;
}

export const chileRegions: readonly Region[] = regions;

export const regionById = (id: number) => chileRegions.find((region) => region.id === id);
