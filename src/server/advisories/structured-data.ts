import { chileMinute } from '../../shared/time/format.ts';
import { advisoryKindLabels, restrictionLevelRules, type PublicAdvisory } from '../../shared/advisories/schema.ts';
import { advisoryTitle } from '../../shared/advisories/words.ts';
import { organizationReference } from '../../shared/structured-data.ts';

/**
 * A notice's page (/avisos/{id}) as schema.org's SpecialAnnouncement, the type made for notices
 * of an emergency to a place: what it says, since when and until when, where it holds (its towns,
 * each a Place with its point) and where to get water meanwhile (its supply points, as
 * announcementLocation, "a specific CivicStructure associated with the announcement").
 */
export function specialAnnouncement(advisory: PublicAdvisory, pageUrl: string) {
  const siteUrl = new URL('/', pageUrl).href;
  // A lifted notice expired when it was lifted; one in force, at its expected end if it has one.
  const expires = advisory.status === 'levantado' ? advisory.liftedAt : advisory.endsAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'SpecialAnnouncement',
    '@id': pageUrl,
    url: pageUrl,
    name: advisoryTitle(advisory),
    text: announcementText(advisory),
    // Text, which schema.org allows: no published vocabulary names these six kinds.
    category: advisoryKindLabels[advisory.kind],
    inLanguage: 'es-CL',
    datePosted: advisory.publishedAt,
    dateModified: advisory.updatedAt,
    ...(expires ? { expires } : {}),
    publisher: organizationReference(siteUrl),
    spatialCoverage: advisory.towns.map((town) => ({
      '@type': 'Place',
      name: town.name,
      address: { '@type': 'PostalAddress', addressLocality: town.name, addressRegion: 'Aysén', addressCountry: 'CL' },
      geo: { '@type': 'GeoCoordinates', latitude: town.latitude, longitude: town.longitude },
    })),
    ...(advisory.supplyPoints.length > 0 && {
      announcementLocation: advisory.supplyPoints.map((point) => ({
        '@type': 'CivicStructure',
        name: point.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: point.address,
          addressRegion: 'Aysén',
          addressCountry: 'CL',
        },
        geo: { '@type': 'GeoCoordinates', latitude: point.latitude, longitude: point.longitude },
        // Staff's words ("08:00 a 20:00"), not schema.org's openingHours syntax.
        ...(point.hours ? { description: point.hours } : {}),
      })),
    }),
  };
}

/** The notice in plain text, as the page says it: its lift first once lifted, then what to do. */
function announcementText(advisory: PublicAdvisory): string {
  const [lastUpdate] = advisory.updates;
  return [
    ...(advisory.status === 'levantado' && advisory.liftedAt
      ? [`Aviso levantado el ${chileMinute(advisory.liftedAt)}. ${advisory.liftMessage}`]
      : []),
    ...(advisory.sectors ? [`Sectores: ${advisory.sectors}`] : []),
    ...(advisory.restrictionLevel ? [restrictionLevelRules[advisory.restrictionLevel]] : []),
    advisory.instructions,
    ...(lastUpdate ? [`Última actualización (${chileMinute(lastUpdate.createdAt)}): ${lastUpdate.body}`] : []),
  ].join('\n');
}
