import type { Place } from './places/schema.ts';
import { site } from './site.ts';

/**
 * schema.org structured data (JSON-LD) of the utility and its offices, for search engines and
 * anything else that reads a page's `<script type="application/ld+json">`: the home page, /oficinas
 * and, as the publisher of each notice, /avisos/{id} (docs/features/advisories.md, "JSON-LD").
 * A data block runs no code, so the pages' Content-Security-Policy needs no hash for it.
 */

/** The text of a JSON-LD script: "<" escaped, so no value (staff's text) can close the element. */
export const jsonLd = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c');

/** A phone as site.json writes it ("+56 67 221 0000"), in the international form schema.org expects. */
const phone = (display: string) => display.replace(/\s+/g, '');

const organizationId = (siteUrl: string) => new URL('/#organizacion', siteUrl).href;

/**
 * The utility. schema.org has no water utility: `Organization`, since it is a company holding the
 * region's sanitation concession, regulated by the SISS; `GovernmentOrganization` would call it a
 * public body, and `LocalBusiness` is a branch one visits, which each office is (offices below).
 */
export function organization(siteUrl: string) {
  return {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: site.name,
    alternateName: site.shortName,
    url: new URL('/', siteUrl).href,
    logo: new URL('/favicon.svg', siteUrl).href,
    email: site.contactEmail,
    telephone: phone(site.customerPhone),
    areaServed: { '@type': 'AdministrativeArea', name: 'Región de Aysén, Chile' },
    sameAs: site.social.map((link) => link.url),
    // contactType in the words schema.org's examples and search engines use; the name in Spanish.
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        name: 'Atención a clientes',
        telephone: phone(site.customerPhone),
        email: site.contactEmail,
        areaServed: 'CL',
        availableLanguage: 'es',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'complaints',
        name: 'Reclamos',
        email: site.mailboxes.complaints,
        url: new URL('/reclamos', siteUrl).href,
        areaServed: 'CL',
        availableLanguage: 'es',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        name: 'Venta de agua potable',
        telephone: phone(site.phones.waterSales),
        areaServed: 'CL',
        availableLanguage: 'es',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'sewage truck service',
        name: 'Servicio de retiro de aguas servidas',
        telephone: phone(site.phones.sewageService),
        areaServed: 'CL',
        availableLanguage: 'es',
      },
    ],
  };
}

/** The utility where another entity names it (an office's parent, a notice's publisher). */
export const organizationReference = (siteUrl: string) => ({
  '@type': 'Organization',
  '@id': organizationId(siteUrl),
  name: site.name,
  url: new URL('/', siteUrl).href,
});

const DAYS: Record<string, string> = {
  lunes: 'Monday',
  martes: 'Tuesday',
  miércoles: 'Wednesday',
  jueves: 'Thursday',
  viernes: 'Friday',
  sábado: 'Saturday',
  domingo: 'Sunday',
};
const WEEK = Object.keys(DAYS);

/** "Lunes a viernes", "Sábado", "Lunes, miércoles y viernes" → schema.org's days; undefined if it is none of these. */
function daysOf(line: string): string[] | undefined {
  const text = line.trim().toLowerCase();
  const range = /^(\S+) a (\S+)$/.exec(text);
  if (range) {
    const [from, to] = [WEEK.indexOf(range[1]!), WEEK.indexOf(range[2]!)];
    return from >= 0 && to > from ? WEEK.slice(from, to + 1).map((day) => DAYS[day]!) : undefined;
  }
  const list = text.split(/, | y /);
  return list.every((day) => day in DAYS) ? list.map((day) => DAYS[day]!) : undefined;
}

const TIME = /(\d{1,2}):(\d{2})/;
const hhmm = (time: string) => {
  const [, hours, minutes] = TIME.exec(time)!;
  return `${hours!.padStart(2, '0')}:${minutes}`;
};

/** "9:30 a 13:00 y 14:15 a 17:00" → [["09:30", "13:00"], ["14:15", "17:00"]]; undefined if it is not that. */
function spansOf(line: string): [string, string][] | undefined {
  const spans = line.trim().split(' y ');
  const parsed = spans.map((span) => /^(\d{1,2}:\d{2}) a (\d{1,2}:\d{2})$/.exec(span));
  if (!parsed.every((match) => match)) return undefined;
  return parsed.map((match) => [hhmm(match![1]!), hhmm(match![2]!)]);
}

/**
 * An office's hours as content/offices.yaml writes them for the page, a line of days and a line of
 * hours at a time (["Lunes a viernes", "9:30 a 13:00 y 14:15 a 17:00"]), as schema.org's
 * OpeningHoursSpecification: one per span of hours. Hours it cannot read fail the build, which
 * would otherwise publish wrong hours to search engines.
 */
export function openingHours(lines: string[]) {
  if (lines.length % 2 !== 0) throw new Error(`Office hours come as days then hours: ${JSON.stringify(lines)}`);
  return lines.flatMap((line, index) => {
    if (index % 2 === 1) return [];
    const days = daysOf(line);
    const spans = spansOf(lines[index + 1]!);
    if (!days || !spans) throw new Error(`Office hours not understood: ${JSON.stringify([line, lines[index + 1]])}`);
    return spans.map(([opens, closes]) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days,
      opens,
      closes,
    }));
  });
}

/** "Calle Ejemplo 100, Coyhaique": the street, and the town after the last comma (else the office's name). */
function postalAddress(address: string, town: string) {
  const comma = address.lastIndexOf(',');
  return {
    '@type': 'PostalAddress',
    streetAddress: comma > 0 ? address.slice(0, comma).trim() : address,
    addressLocality: comma > 0 ? address.slice(comma + 1).trim() : town,
    addressRegion: 'Aysén',
    addressCountry: 'CL',
  };
}

/** /oficinas: each office a branch of the utility (LocalBusiness), with its place and hours. */
export function offices(list: Place[], siteUrl: string) {
  return list.map((office) => ({
    '@type': 'LocalBusiness',
    '@id': new URL(`/oficinas#oficina-${office.id}`, siteUrl).href,
    name: `${site.name}, oficina ${office.name}`,
    url: new URL('/oficinas', siteUrl).href,
    parentOrganization: organizationReference(siteUrl),
    address: postalAddress(office.address, office.name),
    geo: { '@type': 'GeoCoordinates', latitude: office.coordinates[0], longitude: office.coordinates[1] },
    telephone: phone(site.customerPhone),
    openingHoursSpecification: openingHours(office.hours ?? []),
  }));
}
