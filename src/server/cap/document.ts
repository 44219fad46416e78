import { XMLBuilder } from 'fast-xml-parser';
import { capTexts } from '../../shared/cap/texts.ts';
import { site } from '../../shared/site.ts';
import { capDocumentUrl, type CapIssuer, type CapMessage } from './messages.ts';
import { aysenIso } from '../../shared/time/wall-clock.ts';

/**
 * The XML of a CAP message (/cap/{identifier}.xml) and of the Atom index of the current ones
 * (/cap/alertas.atom), written by fast-xml-parser's builder, which escapes every text and attribute
 * (&, <, >, quotes): staff's words reach these documents as they typed them.
 */

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});
const declaration = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

/** One `<alert>`, its elements in the order of the standard's schema (tests/fixtures/cap-1.2.xsd). */
export function capDocument(message: CapMessage): string {
  const { info } = message;
  return builder.build({
    ...declaration,
    alert: {
      '@_xmlns': CAP_NAMESPACE,
      identifier: message.identifier,
      sender: message.sender,
      sent: message.sent,
      status: 'Actual',
      msgType: message.msgType,
      scope: 'Public',
      ...(message.references.length > 0 ? { references: message.references.join(' ') } : {}),
      incidents: message.incidents,
      info: {
        language: 'es-CL',
        category: info.category,
        event: info.event,
        responseType: info.responseType,
        urgency: info.urgency,
        severity: info.severity,
        certainty: info.certainty,
        ...(info.onset ? { onset: info.onset } : {}),
        expires: info.expires,
        senderName: site.name,
        headline: info.headline,
        description: info.description,
        ...(info.instruction ? { instruction: info.instruction } : {}),
        web: info.web,
        contact: capTexts.contact,
        area: { areaDesc: info.area.areaDesc, circle: info.area.circles },
      },
    },
  });
}

/**
 * The index of the current alerts (OASIS "Example Practices: CAP Feeds"; Google Public Alerts reads
 * it): an entry per message, newest first, linking its CAP document with type application/cap+xml
 * and its page. `messages` are the latest of each current outage and notice, and the Cancels of the
 * last CANCEL_LISTED_HOURS (time.ts).
 */
export function capAtomIndex(messages: readonly CapMessage[], issuer: CapIssuer, now: Date): string {
  const self = `${issuer.origin}/cap/alertas.atom`;
  const newestFirst = [...messages].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
  return builder.build({
    ...declaration,
    feed: {
      '@_xmlns': ATOM_NAMESPACE,
      '@_xml:lang': 'es-CL',
      id: self,
      title: capTexts.feedTitle,
      subtitle: capTexts.feedSubtitle,
      // The newest message; with none, now (Atom requires the element).
      updated: newestFirst[0]?.sent ?? aysenIso(now.getTime()),
      author: { name: site.name, uri: issuer.origin },
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': self },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${issuer.origin}/cortes` },
      ],
      entry: newestFirst.map((message) => ({
        id: capDocumentUrl(issuer.origin, message.identifier),
        title: message.info.headline,
        updated: message.sent,
        published: message.sent,
        summary: message.info.description,
        category: { '@_term': message.info.category },
        link: [
          {
            '@_rel': 'alternate',
            '@_type': 'application/cap+xml',
            '@_href': capDocumentUrl(issuer.origin, message.identifier),
          },
          { '@_rel': 'related', '@_type': 'text/html', '@_href': message.info.web },
        ],
      })),
    },
  });
}
