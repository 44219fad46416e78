import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Place } from '../../src/shared/places/schema.ts';
import { site } from '../../src/shared/site.ts';
import { jsonLd, offices, openingHours, organization } from '../../src/shared/structured-data.ts';

const siteUrl = 'https://www.example.com/';
const officesYaml = (): Place[] =>
  parse(readFileSync(path.resolve(import.meta.dirname, '../../content/offices.yaml'), 'utf8'));

describe('the utility as schema.org Organization (the home page)', () => {
  it('names it, with the contact points of content/site.json', () => {
    const data = organization(siteUrl);
    expect(data).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://www.example.com/#organizacion',
      name: site.name,
      url: siteUrl,
      telephone: site.customerPhone.replace(/\s+/g, ''),
      email: site.contactEmail,
      sameAs: site.social.map((link) => link.url),
    });
    expect(
      data.contactPoint.map((point) => [point.contactType, 'telephone' in point ? point.telephone : point.email]),
    ).toEqual([
      ['customer service', '+56672210000'],
      ['complaints', site.mailboxes.complaints],
      ['sales', '+56672210001'],
      ['sewage truck service', '+56672210002'],
    ]);
  });
});

describe('office hours as OpeningHoursSpecification (/oficinas)', () => {
  it('reads a line of days and a line of hours, one specification per span', () => {
    expect(openingHours(['Lunes a viernes', '9:30 a 13:00 y 14:15 a 17:00', 'Sábado', '10:00 a 12:30'])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:30',
        closes: '13:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '14:15',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '12:30' },
    ]);
    expect(openingHours(['Lunes, miércoles y viernes', '8:45 a 17:00'])[0]!.dayOfWeek).toEqual([
      'Monday',
      'Wednesday',
      'Friday',
    ]);
  });

  it.each([
    ['hours without their days', ['9:00 a 13:00']],
    ['a day that is none', ['Lunes a feriados', '9:00 a 13:00']],
    ['a range backwards', ['Viernes a lunes', '9:00 a 13:00']],
    ['hours in another form', ['Lunes a viernes', 'de 9 a 13 horas']],
  ])('fails on %s, so the build does not publish wrong hours', (_, lines) => {
    expect(() => openingHours(lines)).toThrow(/Office hours/);
  });

  it('gives every office of content/offices.yaml, a branch of the utility with its place and hours', () => {
    const list = officesYaml();
    const data = offices(list, siteUrl);
    expect(data).toHaveLength(7);
    expect(data[1]).toEqual({
      '@type': 'LocalBusiness',
      '@id': 'https://www.example.com/oficinas#oficina-puerto-aysen',
      name: `${site.name}, oficina Puerto Aysén`,
      url: 'https://www.example.com/oficinas',
      parentOrganization: {
        '@type': 'Organization',
        '@id': 'https://www.example.com/#organizacion',
        name: site.name,
        url: siteUrl,
      },
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Calle Ejemplo 200',
        addressLocality: 'Puerto Aysén',
        addressRegion: 'Aysén',
        addressCountry: 'CL',
      },
      geo: { '@type': 'GeoCoordinates', latitude: -45.4035, longitude: -72.692 },
      telephone: '+56672210000',
      openingHoursSpecification: [
        expect.objectContaining({ opens: '09:30', closes: '13:00' }),
        expect.objectContaining({ opens: '14:15', closes: '17:00' }),
      ],
    });
    for (const office of data) expect(office.openingHoursSpecification.length).toBeGreaterThan(0);
  });
});

it('JSON-LD text never holds a "<", so no value can close its script element', () => {
  const text = jsonLd({ name: '</script><script>alert(1)</script>' });
  expect(text).not.toContain('<');
  expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
});
