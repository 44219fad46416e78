/** A contact message /contacto accepts, and a complaint /reclamos accepts, for the tests of what they refuse. */
export const contactMessage = { name: 'Ana', surname: 'Rojas', email: 'ana@example.com', reqs: 'Consulta.' };
export const complaintForm = {
  ...contactMessage,
  address: 'Baquedano 1240',
  city: 'Coyhaique',
  complaintDetails: 'Corte sin aviso.',
};

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

/** A news item (spec's "report") staff publish, for the tests of /api/admin/reports and the round trips. */
export const newsReport = {
  active: true,
  order: 1,
  short_title: 'Corte programado',
  title: 'Corte programado en Coyhaique',
  name: 'corte-coyhaique',
  url_file: '',
  url_file_2: '',
  text: '<p>Texto del aviso.</p>',
};

/** An education item staff publish, for the tests of /api/admin/education and the round trips. */
export const educationItem = {
  content_type: 'Documentos educativos',
  hidden: false,
  title: 'Cuidemos el agua',
  description: 'Guía para la familia.',
  url_file: '/documentos/educacion/guia.pdf',
  thumbnail: '',
};

/** A place where water is handed out during a cut, as staff type it. */
export const supplyPoint = {
  name: 'Estanque móvil plaza',
  address: 'Plaza de Armas, Coyhaique',
  latitude: -45.5712,
  longitude: -72.0685,
  hours: '09:00 a 18:00',
};

/** A planned cut of Villa Los Ñires on Thursday 5 March 2026, as staff type it. */
export const plannedOutage = {
  kind: 'programado',
  town: 'coyhaique',
  sectors: 'Villa Los Ñires',
  streets: 'Los Coigües, Los Notros',
  startsAt: '2026-03-05T09:00:00-03:00',
  endsAt: '2026-03-05T18:00:00-03:00',
  cause: 'Cambio de matriz',
  supplyPoints: [supplyPoint],
};
