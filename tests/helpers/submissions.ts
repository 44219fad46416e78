/** A motorhome registration /motorhome accepts, for the tests of its function and of the case it opens. */
export const motorhomeRegistration = {
  accepts: true,
  email: 'hans@example.com',
  phone: '+49 151 2345 6789',
  name: 'Hans',
  surname: 'Müller',
  rut: 'C01X00T47',
  nationality: 43,
  country: 43,
  region: 728,
  city: 11111,
  realNationality: 'Chile',
  realCountry: 'Chile',
  realRegion: 'Aysén',
  realCity: 'Coyhaique',
  address: 'Camino a Puerto Aysén km 3',
};
