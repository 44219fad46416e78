import countries from './geo/countries.json' with { type: 'json' };
import regions from './geo/chile-regions.json' with { type: 'json' };

/**
 * The geographic data set the motorhome form uses (spec §3): countries and Chile's regions here,
 * Chile's communes in communes.ts. Ids are stable; the defaults are the spec's (§3): Chile 43,
 * Aysén 728, Coyhaique 11111.
 */
export const CHILE_ID = 43;
export const AYSEN_ID = 728;
export const COYHAIQUE_ID = 11111;

export interface Country {
  id: number;
  iso: string;
  name: string;
}
export interface Region {
  id: number;
  roman: string;
  name: string;
}

export const allCountries: readonly Country[] = countries;
export const chileRegions: readonly Region[] = regions;

export const countryById = (id: number) => allCountries.find((country) => country.id === id);
export const regionById = (id: number) => chileRegions.find((region) => region.id === id);
