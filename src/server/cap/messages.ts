import type { PublicAdvisory } from '../../shared/advisories/schema.ts';
import type { OutageTown, PublicOutage } from '../../shared/outages/schema.ts';
import { advisoryInfo, outageInfo, type CapInfo, type CapMsgType, type CapNotice } from './info.ts';
import { aysenIso } from '../../shared/time/wall-clock.ts';

/**
 * The CAP 1.2 messages of an outage or a notice (OASIS CAP 1.2; docs/reference/outages-public-api.md): one
 * per notice row (outage_notices, advisory_notices), the rows staff's publish, update and close or
 * lift write, so a message exists exactly when subscribers were told. The first is an Alert, a close
 * or a lift a Cancel, any other an Update; each later one references every earlier one.
 */

/** Which table a message comes from: `corte` (outages) or `aviso` (advisories), as in its identifier. */
export type CapEntity = 'corte' | 'aviso';

/** An outage with its town (its point), or a notice (with its towns' points). */
export type CapSource =
  { entity: 'corte'; outage: PublicOutage; town: OutageTown } | { entity: 'aviso'; advisory: PublicAdvisory };

/** Who issues the messages: the site's address (config.siteAddress) and its host name, CAP's sender. */
export interface CapIssuer {
  origin: string;
  sender: string;
}

export const capIssuer = (origin: string): CapIssuer => ({ origin, sender: new URL(origin).hostname });

export interface CapMessage {
  identifier: string;
  sender: string;
  /** CAP's `sent`: Aysén's wall time with its offset; `sentAt` is the same instant in UTC. */
  sent: string;
  sentAt: string;
  msgType: CapMsgType;
  /** Every earlier message of the same outage or notice, as `sender,identifier,sent`. */
  references: string[];
  /** The outage or notice all its messages are about (`corte-12`), CAP's `incidents`. */
  incidents: string;
  info: CapInfo;
}

const IDENTIFIER = /^(corte|aviso)-([1-9][0-9]{0,17})-([1-9][0-9]{0,17})$/;

/**
 * A message's identifier: its table, its outage's or notice's id and its notice row's id
 * (`corte-12-34`), stable for as long as the row exists; CAP forbids spaces, commas, < and &.
 */
export const capIdentifier = (entity: CapEntity, entityId: string, noticeId: string): string =>
  `${entity}-${entityId}-${noticeId}`;

export function parseCapIdentifier(
  identifier: string,
): { entity: CapEntity; entityId: string; noticeId: string } | undefined {
  const match = IDENTIFIER.exec(identifier);
  return match ? { entity: match[1] as CapEntity, entityId: match[2]!, noticeId: match[3]! } : undefined;
}

export const capDocumentUrl = (origin: string, identifier: string): string => `${origin}/cap/${identifier}.xml`;

/** The messages of one outage or notice, oldest first, one per notice row in `notices` (in their order). */
export function capMessages(source: CapSource, notices: readonly CapNotice[], issuer: CapIssuer): CapMessage[] {
  const entityId = source.entity === 'corte' ? source.outage.id : source.advisory.id;
  const earlier: string[] = [];
  return notices.map((notice, index) => {
    const msgType: CapMsgType =
      notice.kind === 'closed' || notice.kind === 'lifted' ? 'Cancel' : index === 0 ? 'Alert' : 'Update';
    const identifier = capIdentifier(source.entity, entityId, notice.id);
    const sent = aysenIso(notice.sentAt);
    const info =
      source.entity === 'corte'
        ? outageInfo(source.outage, source.town, notice, msgType, issuer.origin)
        : advisoryInfo(source.advisory, notice, msgType, issuer.origin);
    const message: CapMessage = {
      identifier,
      sender: issuer.sender,
      sent,
      sentAt: notice.sentAt,
      msgType,
      references: [...earlier],
      incidents: `${source.entity}-${entityId}`,
      info,
    };
    earlier.push(`${issuer.sender},${identifier},${sent}`);
    return message;
  });
}
