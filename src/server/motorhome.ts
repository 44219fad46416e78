import { chileCommunes } from '../shared/communes.ts';
import { allCountries } from '../shared/countries.ts';
import { placeNames, type MotorhomeRegistration } from '../shared/motorhome/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { storeSubmission } from './cases/submission.ts';
import type { Arrival } from './http.ts';

/**
 * Stores a registration with its case, mails the dumping-point team and the acknowledgement to
 * the driver, in one transaction.
 */
export function submitMotorhome(
  db: Database,
  registration: MotorhomeRegistration,
  arrival: Arrival,
): Promise<{ reference: string }> {
  const r = registration;
  // The names are looked up from the ids here: the browser's copy of them is not trusted.
  const names = placeNames(r, chileCommunes, allCountries);
  return storeSubmission(
    db,
    {
      prefix: 'MOT',
      kind: 'motorhome',
      name: `${r.name} ${r.surname}`,
      email: r.email,
      locality: names.realCity,
      row: {
        text: `INSERT INTO motorhome_registrations (reference, name, surname, rut, email, phone, nationality_id, country_id, region_id, city_id,
                 nationality, country, region, city, address)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        params: [
          r.name,
          r.surname,
          r.rut,
          r.email,
          r.phone,
          r.nationality,
          r.country,
          r.region,
          r.city,
          names.realNationality,
          names.realCountry,
          names.realRegion,
          names.realCity,
          r.address,
        ],
      },
      mail: {
        to: site.mailboxes.motorhome,
        title: 'Registro punto de descarga',
        fields: [
          ['Nombre', `${r.name} ${r.surname}`],
          ['RUT o pasaporte', r.rut],
          ['Correo electrónico', r.email],
          ['Teléfono', r.phone],
          ['Nacionalidad', names.realNationality],
          ['País', names.realCountry],
          ['Región', names.realRegion],
          ['Ciudad', names.realCity],
          ['Dirección', r.address],
          ['Acepta las condiciones del servicio', 'Sí'],
        ],
      },
    },
    arrival,
  );
}
