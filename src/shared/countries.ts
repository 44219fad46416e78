import countries from './geo/countries.json' with { type: 'json' };

/**
 * The countries of the motorhome form's nationality and residence (spec §3). Apart from geo.ts:
 * /motorhome gets their names from the page, in its HTML, not in its JavaScript.
 */

export interface Country {
  id: number;
  iso: string;
  name: string;
}

export const allCountries: readonly Country[] = countries;

export const countryById = (id: number) => allCountries.find((country) => country.id === id);
